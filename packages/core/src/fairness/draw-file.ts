import { bytesToHex, type Hex } from "viem";
import { InvalidDrawFileError, InvalidDrawInputError } from "./errors.ts";
import { entryListCommitment, toBytes32 } from "./hashing.ts";
import { assertPostId, canonicalEntries, idProblem } from "./ids.ts";
import { assertWinnerCount, drawWinners } from "./rank.ts";

/** Version of the draw algorithm (docs/fairness.md), written into every draw file. */
export const fairnessAlgorithm = "dropfair-fair-v1";

/** The draw file the picker detail page offers for download and the CLI verifies. */
export interface DrawFile {
  algorithm: typeof fairnessAlgorithm;
  postId: string;
  /** Decimal block number of the target block. */
  blockNumber: string;
  blockHash: Hex;
  winnerCount: number;
  /** The frozen eligible entry list (canonical order when we publish it; any order verifies). */
  entries: string[];
  /**
   * The commitment stored and published when the draw was committed, before the target block existed. It is
   * never recomputed from `entries` by the server: a verifier recomputes it and compares.
   */
  commitment: Hex;
  /** When the commitment was fixed, ISO-8601 UTC; the target block's timestamp must be later. Absent in older files. */
  committedAt?: string;
  /** The chain head read right after the commitment was fixed, decimal; the target must be above it. Absent in older files. */
  headAtCommit?: string;
}

export interface VerifiedEntry {
  userId: string;
  /** The uint64 score as a decimal string. */
  score: string;
  winner: boolean;
}

export interface DrawVerification {
  /** Whether the file's entries hash to its published commitment. */
  commitmentMatches: boolean;
  /** What the file's entries hash to (compare with the commitment published when the draw was made). */
  computedCommitment: Hex;
  /** Every entry in rank order. */
  ranking: VerifiedEntry[];
}

const bytes32Pattern = /^0x[0-9a-fA-F]{64}$/;
const blockNumberPattern = /^(0|[1-9][0-9]*)$/;
/** ISO-8601 in UTC, as `Date.prototype.toISOString` writes it (milliseconds optional). */
const utcTimestampPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** Whether `value` is an ISO-8601 UTC timestamp (`2025-01-31T12:00:00.000Z`) of a real instant. */
export function isUtcTimestamp(value: unknown): value is string {
  if (typeof value !== "string" || !utcTimestampPattern.test(value)) return false;
  const time = Date.parse(value);
  // Date.parse rolls 2025-02-30 over to March: the written date must be the parsed one.
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 19) === value.slice(0, 19);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Validates a draw file, given as parsed JSON or as JSON text, and returns it typed. Unknown fields are
 * ignored. Throws InvalidDrawFileError naming the first bad field.
 */
export function parseDrawFile(input: unknown): DrawFile {
  let file = input;
  if (typeof input === "string") {
    try {
      file = JSON.parse(input);
    } catch {
      throw new InvalidDrawFileError("(file)", "is not valid JSON");
    }
  }
  if (!isRecord(file)) throw new InvalidDrawFileError("(file)", "must be a JSON object");
  const {
    algorithm,
    postId,
    blockNumber,
    blockHash,
    winnerCount,
    entries,
    commitment,
    committedAt,
    headAtCommit,
  } = file;
  if (algorithm !== fairnessAlgorithm) {
    throw new InvalidDrawFileError(
      "algorithm",
      `must be "${fairnessAlgorithm}", got ${JSON.stringify(algorithm)}`,
    );
  }
  const postIdProblem =
    idProblem(postId) ?? (String(postId).includes(":") ? 'must not contain ":"' : undefined);
  if (postIdProblem) throw new InvalidDrawFileError("postId", postIdProblem);
  if (typeof blockNumber !== "string" || !blockNumberPattern.test(blockNumber)) {
    throw new InvalidDrawFileError("blockNumber", "must be a decimal string");
  }
  if (typeof blockHash !== "string" || !bytes32Pattern.test(blockHash)) {
    throw new InvalidDrawFileError("blockHash", "must be 0x followed by 64 hex digits");
  }
  if (typeof winnerCount !== "number" || !Number.isSafeInteger(winnerCount) || winnerCount < 1) {
    throw new InvalidDrawFileError("winnerCount", "must be a positive integer");
  }
  if (!Array.isArray(entries)) throw new InvalidDrawFileError("entries", "must be an array of user ids");
  entries.forEach((entry: unknown, index) => {
    const problem = idProblem(entry);
    if (problem) throw new InvalidDrawFileError(`entries[${index}]`, problem);
  });
  if (typeof commitment !== "string" || !bytes32Pattern.test(commitment)) {
    throw new InvalidDrawFileError("commitment", "must be 0x followed by 64 hex digits");
  }
  // Both moment fields are absent (or null) in files made before they were published.
  if (committedAt != null && !isUtcTimestamp(committedAt)) {
    throw new InvalidDrawFileError(
      "committedAt",
      "must be an ISO-8601 UTC time like 2025-01-31T12:00:00.000Z",
    );
  }
  if (headAtCommit != null && (typeof headAtCommit !== "string" || !blockNumberPattern.test(headAtCommit))) {
    throw new InvalidDrawFileError("headAtCommit", "must be a decimal string");
  }
  return {
    algorithm,
    postId: postId as string,
    blockNumber,
    blockHash: blockHash as Hex,
    winnerCount,
    entries: entries as string[],
    commitment: commitment as Hex,
    ...(committedAt != null ? { committedAt: committedAt as string } : {}),
    ...(headAtCommit != null ? { headAtCommit: headAtCommit as string } : {}),
  };
}

/**
 * Recomputes a draw from its file: does the entry list match the commitment, and what is the ranking.
 * The entries are canonicalised first, so their order in the file does not matter.
 */
export function verifyDrawFile(input: unknown): DrawVerification {
  const file = parseDrawFile(input);
  const computedCommitment = entryListCommitment(file.entries);
  const commitmentMatches = computedCommitment === file.commitment.toLowerCase();
  const { ranking } = drawWinners({
    postId: file.postId,
    blockHash: file.blockHash,
    userIds: file.entries,
    winnerCount: file.winnerCount,
  });
  return {
    commitmentMatches,
    computedCommitment,
    ranking: ranking.map(({ userId, score, rank }) => ({
      userId,
      score: score.toString(),
      winner: rank <= file.winnerCount,
    })),
  };
}

/**
 * Builds a draw file: canonical entries, and the commitment. The server passes the commitment it stored when
 * the draw was committed, with its moment (`committedAt`, `headAtCommit`), so the file proves something about
 * the past; without one (tests, examples) the commitment of the entries is written.
 */
export function buildDrawFile({
  postId,
  blockNumber,
  blockHash,
  winnerCount,
  userIds,
  commitment,
  committedAt,
  headAtCommit,
}: {
  postId: string;
  blockNumber: bigint | number | string;
  blockHash: Hex | Uint8Array;
  winnerCount: number;
  userIds: readonly string[];
  commitment?: string;
  committedAt?: Date | string;
  headAtCommit?: bigint | number | string | null;
}): DrawFile {
  assertPostId(postId);
  assertWinnerCount(winnerCount);
  const number = String(blockNumber);
  if (!blockNumberPattern.test(number))
    throw new InvalidDrawInputError("blockNumber", "must be a block number");
  if (commitment !== undefined && !bytes32Pattern.test(commitment))
    throw new InvalidDrawInputError("commitment", "must be 0x followed by 64 hex digits");
  const moment = committedAt instanceof Date ? committedAt.toISOString() : committedAt;
  if (moment !== undefined && !isUtcTimestamp(moment))
    throw new InvalidDrawInputError("committedAt", "must be an ISO-8601 UTC time");
  const head = headAtCommit == null ? undefined : String(headAtCommit);
  if (head !== undefined && !blockNumberPattern.test(head))
    throw new InvalidDrawInputError("headAtCommit", "must be a block number");
  const entries = canonicalEntries(userIds);
  return {
    algorithm: fairnessAlgorithm,
    postId,
    blockNumber: number,
    blockHash: bytesToHex(toBytes32(blockHash, "blockHash")),
    winnerCount,
    entries,
    commitment: (commitment?.toLowerCase() as Hex | undefined) ?? entryListCommitment(entries),
    ...(moment !== undefined ? { committedAt: moment } : {}),
    ...(head !== undefined ? { headAtCommit: head } : {}),
  };
}

export interface PublishedWinnersCheck {
  /** Same set of winners (order aside). */
  matches: boolean;
  /** Recomputed winners the server did not publish. */
  missing: string[];
  /** Published winners the recomputation does not make winners. */
  unexpected: string[];
}

/** Compares the winners a server published with the recomputed ones. */
export function checkPublishedWinners(
  verification: DrawVerification,
  publishedWinners: readonly string[],
): PublishedWinnersCheck {
  const recomputed = verification.ranking.filter((entry) => entry.winner).map((entry) => entry.userId);
  const published = new Set(publishedWinners);
  const recomputedSet = new Set(recomputed);
  const missing = recomputed.filter((userId) => !published.has(userId));
  const unexpected = [...published].filter((userId) => !recomputedSet.has(userId));
  return { matches: missing.length === 0 && unexpected.length === 0, missing, unexpected };
}
