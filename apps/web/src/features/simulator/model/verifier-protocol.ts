import type { VerificationReport, VerifierFailure, VerifierInput, VerifierProgress } from "./verification";

/** What the page posts to the verifier worker. */
export type VerifierRequest = { runId: number; input: VerifierInput };

/** What the verifier worker posts back: progress, then one result or one failure. */
export type VerifierReply =
  | { runId: number; type: "progress"; progress: VerifierProgress }
  | { runId: number; type: "result"; report: VerificationReport }
  | { runId: number; type: "failure"; failure: VerifierFailure };
