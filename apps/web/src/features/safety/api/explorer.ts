import type { ContractExplorer } from "@dropfair/chain/contract-check";
import type { Abi } from "viem";
import { apiRequest } from "../../../shared/api/client";

const sourceSchema = () => import("@dropfair/schemas/safety").then((module) => module.explorerSourceSchema);
const holdersSchema = () => import("@dropfair/schemas/safety").then((module) => module.explorerHoldersSchema);

/**
 * The contract checker's explorer, reached through our API, which holds the explorer key (a key in the page would be
 * anyone's). Any failure (none configured, the explorer down, the rate limit) reads as "could not say", so the
 * finding is "not checked" and the rest of the check stands.
 */
export function apiExplorer(): ContractExplorer {
  return {
    async source(chainId, address) {
      try {
        const answer = await apiRequest("/safe/explorer/source", sourceSchema, {
          query: { chainId, address },
          anonymous: true,
        });
        return { verified: answer.verified, ...(answer.abi ? { abi: answer.abi as unknown as Abi } : {}) };
      } catch {
        return undefined;
      }
    },
    async topHolders(chainId, token, count) {
      try {
        const answer = await apiRequest("/safe/explorer/holders", holdersSchema, {
          query: { chainId, address: token, count },
          anonymous: true,
        });
        return answer.balances.map((balance) => BigInt(balance));
      } catch {
        return undefined;
      }
    },
  };
}
