// An Etherscan-v2-style explorer API for offline use: one key, many chains (`chainid` in the query), answered from
// the chains it is given over JSON-RPC. A contract is "verified" when its runtime code carries the metadata hash of
// one of the sources it was given (as a sourcify-style match would say); holders are summed from Transfer logs.
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { listenOn, standaloneApp } from "../shared/standalone.ts";
import { type JsonRpc, jsonRpc } from "./chain.ts";
import { registerExplorerApiRoutes } from "./routes.ts";

export const defaultExplorerApiKey = "DROPFAIRSANDBOXEXPLORERKEY0000000";

export type ExplorerSandboxSource = {
  contractName: string;
  abi: readonly unknown[];
  /** Creation bytecode (hex): it contains the runtime code and so its metadata tail. */
  bytecode: string;
  /** The Solidity source text shown as SourceCode. */
  sourceCode: string;
  compilerVersion?: string;
};

export type ExplorerSandboxOptions = {
  /** Default DROPFAIRSANDBOXEXPLORERKEY0000000. */
  apiKey?: string;
  /** The chains it indexes: chain id → JSON-RPC URL (or a JsonRpc, in tests). */
  chains?: Record<number, string | JsonRpc>;
  /** The sources it holds as verified. */
  sources?: readonly ExplorerSandboxSource[];
  fetch?: typeof fetch;
  /** Serve /_sandbox/* (outage switch, request log) for tests in another process. Default true. */
  controlApi?: boolean;
};

export type ExplorerRequestRecord = { action: string; chainId: string; apiKey: string | undefined };

export type ExplorerSandboxState = {
  apiKey: string;
  chains: Map<number, JsonRpc>;
  sources: ExplorerSandboxSource[];
  /** While true every call answers 503, as an explorer outage would. */
  outage: boolean;
  /** Every API call, in order (what tests check the key and the call count with). */
  requests: ExplorerRequestRecord[];
};

export type ExplorerSandbox = FastifyInstance & ExplorerSandboxState;

export function createExplorerSandboxState(options: ExplorerSandboxOptions = {}): ExplorerSandboxState {
  const chains = new Map<number, JsonRpc>();
  for (const [chainId, rpc] of Object.entries(options.chains ?? {})) {
    chains.set(Number(chainId), typeof rpc === "string" ? jsonRpc(rpc, options.fetch) : rpc);
  }
  return {
    apiKey: options.apiKey ?? defaultExplorerApiKey,
    chains,
    sources: [...(options.sources ?? [])],
    outage: false,
    requests: [],
  };
}

/**
 * The sandbox as a Fastify plugin (`app.register(explorerSandboxPlugin(state), { prefix: "/sandbox/explorer" })`):
 * the API is then at `/sandbox/explorer/v2/api` (Etherscan: https://api.etherscan.io/v2/api).
 */
export function explorerSandboxPlugin(
  state: ExplorerSandboxState,
  options: Pick<ExplorerSandboxOptions, "controlApi"> = {},
): FastifyPluginAsync {
  return async (instance) => {
    registerExplorerApiRoutes(instance, state);
    if (options.controlApi ?? true) {
      instance.post<{ Body: { outage?: unknown } }>("/_sandbox/outage", async (request) => {
        state.outage = request.body?.outage === true;
        return { outage: state.outage };
      });
      instance.get("/_sandbox/requests", async () => ({ requests: state.requests }));
    }
  };
}

/** A standalone explorer sandbox: `inject()` it in tests or `listen()` on a port. */
export function createExplorerSandbox(
  options: ExplorerSandboxOptions & { logger?: boolean } = {},
): ExplorerSandbox {
  const state = createExplorerSandboxState(options);
  return standaloneApp(state, explorerSandboxPlugin(state, options), options.logger);
}

export type RunningExplorerSandbox = {
  app: ExplorerSandbox;
  /** The live state (set `outage`, read `requests`): the app's decorations copy its plain fields. */
  state: ExplorerSandboxState;
  url: string;
  apiBase: string;
  close(): Promise<void>;
};

/** Starts a sandbox on `port` (0 = any free port); `apiBase` is what EXPLORER_API_BASE takes. */
export async function startExplorerSandbox(
  options: ExplorerSandboxOptions & { port?: number; host?: string; logger?: boolean } = {},
): Promise<RunningExplorerSandbox> {
  const state = createExplorerSandboxState(options);
  const app = standaloneApp(state, explorerSandboxPlugin(state, options), options.logger);
  const url = await listenOn(app, options);
  return { app, state, url, apiBase: `${url}/v2/api`, close: () => app.close() };
}
