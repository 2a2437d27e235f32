import {
  type ApprovalScanCheckpoint,
  ApprovalScanError,
  type ApprovalScanProgress,
  type ApprovalScanResult,
  scanApprovals,
} from "@dropfair/chain/approvals";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Address } from "viem";
import type { ChainRecord } from "../../../shared/api/get-platform-config";
import { publicClientFor } from "../model/public-client";

export type ApprovalScanState =
  | { status: "idle" }
  | { status: "scanning"; progress: ApprovalScanProgress | undefined }
  | { status: "done"; result: ApprovalScanResult }
  /** The RPC failed: never shown as an empty list; `retry` resumes from what was read. */
  | { status: "failed"; message: string };

/** The approval scan of one wallet on one chain, with progress, a resumable retry and a refresh after a revoke. */
export function useApprovalScan() {
  const [state, setState] = useState<ApprovalScanState>({ status: "idle" });
  const target = useRef<{ chain: ChainRecord; owner: Address } | undefined>(undefined);
  const checkpoint = useRef<ApprovalScanCheckpoint | undefined>(undefined);
  const running = useRef<AbortController | undefined>(undefined);

  const run = useCallback(async (resume: ApprovalScanCheckpoint | undefined) => {
    const current = target.current;
    if (!current) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ status: "scanning", progress: undefined });
    try {
      const result = await scanApprovals(publicClientFor(current.chain), {
        owner: current.owner,
        ...(resume ? { resume } : {}),
        signal: controller.signal,
        onProgress: (progress) => {
          if (!controller.signal.aborted) setState({ status: "scanning", progress });
        },
      });
      if (controller.signal.aborted) return;
      checkpoint.current = result.checkpoint;
      setState({ status: "done", result });
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof ApprovalScanError) checkpoint.current = error.checkpoint;
      setState({ status: "failed", message: error instanceof Error ? error.message : String(error) });
    }
  }, []);

  useEffect(() => () => running.current?.abort(), []);

  return {
    state,
    /** A new scan from the first block. */
    start: useCallback(
      (chain: ChainRecord, owner: Address) => {
        target.current = { chain, owner };
        checkpoint.current = undefined;
        void run(undefined);
      },
      [run],
    ),
    /** Continues a failed scan, or refreshes a finished one, from the blocks already read. */
    resume: useCallback(() => void run(checkpoint.current), [run]),
  };
}
