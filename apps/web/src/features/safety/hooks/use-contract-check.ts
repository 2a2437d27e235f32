import { type ContractCheck, type ContractExplorer, checkContract } from "@dropfair/chain/contract-check";
import { useCallback, useMemo, useRef, useState } from "react";
import type { Address } from "viem";
import type { ChainRecord } from "../../../shared/api/get-platform-config";
import { apiExplorer } from "../api/explorer";
import { publicClientFor } from "../model/public-client";

export type ContractCheckState =
  | { status: "idle" }
  | { status: "checking" }
  | { status: "done"; check: ContractCheck; chainName: string }
  | { status: "failed" };

/**
 * One contract check at a time; a newer request wins over an older one still running. With `explorer` (the API says
 * it has one) verified source and holder concentration are asked through the API.
 */
export function useContractCheck(options: { explorer: boolean; explorerClient?: ContractExplorer }) {
  const { explorerClient } = options;
  const explorer = useMemo(
    () => (options.explorer ? (explorerClient ?? apiExplorer()) : undefined),
    [options.explorer, explorerClient],
  );
  const [state, setState] = useState<ContractCheckState>({ status: "idle" });
  const latest = useRef(0);
  const run = useCallback(
    async (chain: ChainRecord, address: Address) => {
      const request = ++latest.current;
      setState({ status: "checking" });
      try {
        const check = await checkContract(publicClientFor(chain), address, {
          chainId: chain.id,
          ...(explorer ? { explorer } : {}),
        });
        if (request === latest.current) setState({ status: "done", check, chainName: chain.name });
      } catch {
        if (request === latest.current) setState({ status: "failed" });
      }
    },
    [explorer],
  );
  const reset = useCallback(() => {
    latest.current++;
    setState({ status: "idle" });
  }, []);
  return { state, run, reset };
}
