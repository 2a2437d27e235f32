import { useCallback, useEffect, useRef, useState } from "react";
import type { WheelVerifyReply, WheelVerifyReport } from "../model/verify";

export type VerifierState =
  | { status: "idle" }
  | { status: "running"; count: number }
  | { status: "done"; report: WheelVerifyReport }
  | { status: "failed"; message: string };

/** Runs the game file's check in a Web Worker; a new run or leaving the page stops the one before. */
export function useWheelVerifier() {
  const [state, setState] = useState<VerifierState>({ status: "idle" });
  const worker = useRef<Worker>(undefined);
  const runs = useRef(0);

  const stop = useCallback(() => {
    worker.current?.terminate();
    worker.current = undefined;
  }, []);
  useEffect(() => stop, [stop]);

  const run = useCallback(
    (file: { spins: readonly unknown[] }) => {
      stop();
      runs.current += 1;
      const runId = runs.current;
      const next = new Worker(new URL("../worker/verify.worker.ts", import.meta.url), {
        type: "module",
        name: "dropfair-wheel-verifier",
      });
      worker.current = next;
      setState({ status: "running", count: file.spins.length });
      next.addEventListener("message", (event: MessageEvent<WheelVerifyReply>) => {
        const reply = event.data;
        if (reply.runId !== runs.current) return;
        setState(
          reply.type === "result"
            ? { status: "done", report: reply.report }
            : { status: "failed", message: reply.message },
        );
        stop();
      });
      next.addEventListener("error", (event) => {
        if (runId !== runs.current) return;
        setState({ status: "failed", message: event.message });
        stop();
      });
      next.postMessage({ runId, file });
    },
    [stop],
  );

  return { state, run };
}
