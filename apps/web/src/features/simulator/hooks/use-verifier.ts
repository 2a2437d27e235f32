import { useCallback, useEffect, useRef, useState } from "react";
import type {
  VerificationReport,
  VerifierFailure,
  VerifierInput,
  VerifierProgress,
} from "../model/verification";
import type { VerifierReply, VerifierRequest } from "../model/verifier-protocol";

export type VerifierState =
  | { status: "idle" }
  | { status: "fetching" }
  | { status: "running"; progress: VerifierProgress | undefined }
  | { status: "done"; report: VerificationReport }
  | { status: "failed"; failure: VerifierFailure | { kind: "lookup"; error: unknown } };

/**
 * Runs the verifier in a Web Worker (one per run, so cancelling is terminating). `prepare` fetches what the
 * run needs on the main thread first; starting a new run or unmounting ends the previous one.
 */
export function useVerifier() {
  const [state, setState] = useState<VerifierState>({ status: "idle" });
  const current = useRef<{ worker: Worker | undefined; abort: AbortController; runId: number }>(undefined);
  const nextRunId = useRef(0);

  const stop = useCallback(() => {
    current.current?.abort.abort();
    current.current?.worker?.terminate();
    current.current = undefined;
  }, []);

  useEffect(() => stop, [stop]);

  const run = useCallback(
    async (prepare: (signal: AbortSignal) => Promise<VerifierInput> | VerifierInput) => {
      stop();
      nextRunId.current += 1;
      const runId = nextRunId.current;
      const abort = new AbortController();
      const active = { worker: undefined as Worker | undefined, abort, runId };
      current.current = active;
      setState({ status: "fetching" });
      let input: VerifierInput;
      try {
        input = await prepare(abort.signal);
      } catch (error) {
        if (!abort.signal.aborted) setState({ status: "failed", failure: { kind: "lookup", error } });
        return;
      }
      if (abort.signal.aborted) return;
      const worker = new Worker(new URL("../worker/verifier.worker.ts", import.meta.url), {
        type: "module",
        name: "dropfair-verifier",
      });
      active.worker = worker;
      setState({ status: "running", progress: undefined });
      worker.addEventListener("message", (event: MessageEvent<VerifierReply>) => {
        const reply = event.data;
        if (current.current?.runId !== reply.runId) return;
        if (reply.type === "progress") {
          setState({ status: "running", progress: reply.progress });
          return;
        }
        setState(
          reply.type === "result"
            ? { status: "done", report: reply.report }
            : { status: "failed", failure: reply.failure },
        );
        stop();
      });
      worker.addEventListener("error", (event) => {
        if (current.current?.runId !== runId) return;
        setState({ status: "failed", failure: { kind: "unexpected", message: event.message } });
        stop();
      });
      worker.postMessage({ runId, input } satisfies VerifierRequest);
    },
    [stop],
  );

  const cancel = useCallback(() => {
    stop();
    setState({ status: "idle" });
  }, [stop]);

  return { state, run, cancel };
}
