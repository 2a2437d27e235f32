// The safe check's block explorer, the way platform/social.ts does Discord and Telegram: the configured
// Etherscan-v2-style API with its key, or in sandbox mode the explorer sandbox of packages/sandbox mounted in this
// server over the local chain, reached in-process; off otherwise.
import { type ContractExplorer, etherscanExplorer } from "@dropfair/chain/contract-check";
import { sandboxChainId } from "@dropfair/chain/registry";
import { contractSources } from "@dropfair/contracts/explorer-sources";
import {
  createExplorerSandboxState,
  type ExplorerSandboxState,
  explorerSandboxPlugin,
} from "@dropfair/sandbox/explorer";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "./config.ts";
import { inProcessFetch } from "./x.ts";

export const explorerSandboxPrefix = "/sandbox/explorer";

export type ExplorerIntegration = { explorer: ContractExplorer; sandbox: ExplorerSandboxState | undefined };

export async function installExplorer(
  app: FastifyInstance,
  config: Pick<AppConfig, "explorer" | "appOrigins" | "sandboxRpcUrl" | "sandboxControlApi">,
  overrides: { sandbox?: ExplorerSandboxState } = {},
): Promise<ExplorerIntegration | undefined> {
  const { explorer } = config;
  if (explorer.mode === "remote" && explorer.apiKey) {
    return {
      explorer: etherscanExplorer({ apiBase: explorer.apiBase, apiKey: explorer.apiKey }),
      sandbox: undefined,
    };
  }
  if (explorer.mode !== "sandbox") return undefined;
  const sandbox =
    overrides.sandbox ??
    createExplorerSandboxState({
      chains: config.sandboxRpcUrl ? { [sandboxChainId]: config.sandboxRpcUrl } : {},
      sources: contractSources(),
    });
  await app.register(explorerSandboxPlugin(sandbox, { controlApi: config.sandboxControlApi }), {
    prefix: explorerSandboxPrefix,
  });
  return {
    explorer: etherscanExplorer({
      apiBase: `${config.appOrigins[0]}${explorerSandboxPrefix}/v2/api`,
      apiKey: sandbox.apiKey,
      fetch: inProcessFetch(app),
    }),
    sandbox,
  };
}
