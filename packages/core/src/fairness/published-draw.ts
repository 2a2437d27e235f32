// What ties a draw file to the past (docs/fairness.md, "Verifying a draw"): the target block came after the
// commitment, and the file is the draw the public history published when it was committed. Pure: the CLI and
// the browser verifier fetch what they need and call these.
import type { DrawFile } from "./draw-file.ts";

export interface DrawTimingCheck {
  /**
   * The target block is above the chain head read when the commitment was fixed, so it did not exist yet.
   * null when the file does not say the head (older files).
   */
  targetAfterHead: boolean | null;
  /**
   * The target block's timestamp is later than the commitment's time. null without the block's timestamp
   * (nobody asked the chain) or without `committedAt` (older files).
   */
  blockAfterCommit: boolean | null;
  /** No check failed; a check that could not run is not a failure. */
  ok: boolean;
}

/**
 * Checks that the target block came after the commitment: `blockNumber > headAtCommit`, and, given the block
 * as a node of the draw chain returns it, `block.timestamp` (seconds) later than `committedAt`.
 */
export function checkDrawTiming(
  file: Pick<DrawFile, "blockNumber" | "committedAt" | "headAtCommit">,
  block?: { timestamp: bigint | number | string },
): DrawTimingCheck {
  const targetAfterHead =
    file.headAtCommit === undefined ? null : BigInt(file.blockNumber) > BigInt(file.headAtCommit);
  let blockAfterCommit: boolean | null = null;
  if (block !== undefined && file.committedAt !== undefined) {
    const committedAtMs = BigInt(Date.parse(file.committedAt));
    blockAfterCommit = BigInt(block.timestamp) * 1000n > committedAtMs;
  }
  return { targetAfterHead, blockAfterCommit, ok: targetAfterHead !== false && blockAfterCommit !== false };
}

/** One draw of a picker's public history (`GET /api/bounty/picker/{id or seed}/history`), as far as it is checked. */
export interface PublishedDraw {
  count: number;
  kind: string;
  commitment: string;
  entryCount: number;
  winnerCount: number;
  targetBlock: string;
  blockHash: string | null;
  committedAt?: string | null | undefined;
  headAtCommit?: string | null | undefined;
}

/** The history's draw a draw file describes: the one numbered `count`, else the latest draw or redraw. */
export function publishedDrawOf<T extends PublishedDraw>(
  history: readonly T[],
  count?: number | null,
): T | undefined {
  const draws = history.filter((draw) => draw.kind === "draw" || draw.kind === "redraw");
  if (count !== undefined && count !== null) return draws.find((draw) => draw.count === count);
  return draws.reduce<T | undefined>(
    (latest, draw) => (!latest || draw.count > latest.count ? draw : latest),
    undefined,
  );
}

export interface PublishedDrawMismatch {
  field:
    | "commitment"
    | "blockNumber"
    | "blockHash"
    | "winnerCount"
    | "entryCount"
    | "committedAt"
    | "headAtCommit";
  file: string;
  published: string;
}

export interface PublishedDrawCheck {
  matches: boolean;
  mismatches: PublishedDrawMismatch[];
}

const absent = "(absent)";

function sameInstant(left: string | undefined, right: string | null | undefined): boolean {
  if (left === undefined || right === undefined || right === null) return left === undefined && !right;
  return Date.parse(left) === Date.parse(right);
}

/**
 * Compares a draw file with the draw the public history published: the same commitment, target block, block
 * hash, winner count, entry count (`entryCount`: the file's canonical entries) and moment of commitment.
 */
export function checkAgainstPublishedDraw(
  file: DrawFile,
  published: PublishedDraw,
  entryCount: number,
): PublishedDrawCheck {
  const mismatches: PublishedDrawMismatch[] = [];
  const compare = (
    field: PublishedDrawMismatch["field"],
    mine: string,
    theirs: string,
    equal = mine === theirs,
  ) => {
    if (!equal) mismatches.push({ field, file: mine, published: theirs });
  };
  compare("commitment", file.commitment.toLowerCase(), published.commitment.toLowerCase());
  compare("blockNumber", file.blockNumber, published.targetBlock);
  if (published.blockHash !== null) {
    compare("blockHash", file.blockHash.toLowerCase(), published.blockHash.toLowerCase());
  }
  compare("winnerCount", String(file.winnerCount), String(published.winnerCount));
  compare("entryCount", String(entryCount), String(published.entryCount));
  compare(
    "committedAt",
    file.committedAt ?? absent,
    published.committedAt ?? absent,
    sameInstant(file.committedAt, published.committedAt),
  );
  compare("headAtCommit", file.headAtCommit ?? absent, published.headAtCommit ?? absent);
  return { matches: mismatches.length === 0, mismatches };
}
