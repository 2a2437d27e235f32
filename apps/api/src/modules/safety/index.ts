// The safe check's server side: the explorer look-ups the contract checker makes with the server's key (the scan
// and the checks themselves run in the browser, against the chain's own RPC).
export { createExplorerLookups, type ExplorerLookups } from "./explorer-lookups.ts";
export { type SafetyRouteOptions, safetyRoutes } from "./routes.ts";
