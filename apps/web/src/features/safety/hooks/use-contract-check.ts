import { type ContractCheck, checkContract } from "@dropfair/chain/contract-check";
import { useCallback, useRef, useState } from "react";
import type { Address } from "viem";
import type { ChainRecord } from "../../../shared/api/get-platform-config";
import { publicClientFor } from "../model/public-client";

export type ContractCheckState =
  | { status: "idle" }
  | { status: "checking" }
  | { status: "done"; check: ContractCheck; chainName: string }
  | { status: "failed" };

/** One contract check at a time; a newer request wins over an older one still running. */
export function useContractCheck() {
  const [state, setState] = useState<ContractCheckState>({ status: "idle" });
  const latest = useRef(0);
  const run = useCallback(async (chain: ChainRecord, address: Address) => {
    const request = ++latest.current;
    setState({ status: "checking" });
    try {
      const check = await checkContract(publicClientFor(chain), address, { chainId: chain.id });
      if (request === latest.current) setState({ status: "done", check, chainName: chain.name });
    } catch {
      if (request === latest.current) setState({ status: "failed" });
    }
  }, []);
  const reset = useCallback(() => {
    latest.current++;
    setState({ status: "idle" });
  }, []);
  return { state, run, reset };
}
