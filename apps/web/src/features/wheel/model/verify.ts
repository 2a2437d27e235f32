import { verifyWheelGameFile, wheelGameVerified } from "@dropfair/core/wheel";

/** What the verify panel shows: the salt check, and each spin recomputed against the record. */
export type WheelVerifyReport = {
  revealed: boolean;
  saltMatches: boolean;
  spins: { nonce: string; position: string | null; prizeId: string | null; matches: boolean }[];
  mismatches: number;
  verified: boolean;
};

export type WheelVerifyReply =
  | { runId: number; type: "result"; report: WheelVerifyReport }
  | { runId: number; type: "failure"; message: string };

export type WheelVerifyRequest = { runId: number; file: unknown };

/**
 * Recomputes a game file with `@dropfair/core/wheel` (the same code as the server's recorder and
 * `dropfair verify-wheel`): the salt against its published hash, then every spin in chain order.
 */
export function verifyGameFile(file: unknown): WheelVerifyReport {
  const verification = verifyWheelGameFile(file);
  return {
    revealed: verification.revealed,
    saltMatches: verification.saltMatches,
    spins: verification.spins,
    mismatches: verification.spins.filter((spin) => !spin.matches).length,
    verified: wheelGameVerified(verification),
  };
}
