// Public surface of the Etherscan-v2-style explorer sandbox.
export { metadataTail } from "./chain.ts";
export type {
  ExplorerRequestRecord,
  ExplorerSandbox,
  ExplorerSandboxOptions,
  ExplorerSandboxSource,
  ExplorerSandboxState,
  RunningExplorerSandbox,
} from "./server.ts";
export {
  createExplorerSandbox,
  createExplorerSandboxState,
  defaultExplorerApiKey,
  explorerSandboxPlugin,
  startExplorerSandbox,
} from "./server.ts";
