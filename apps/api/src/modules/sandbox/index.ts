// Sandbox mode only: the local chain's JSON-RPC for the browser, with the test-only methods refused.
export { sandboxRpcProxy } from "./rpc-proxy.ts";
