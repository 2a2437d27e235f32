// The picker's rows as the API answers them.
import { displayScore } from "@dropfair/core/fairness";
import { visibleWinnerInfo } from "@dropfair/core/picker-rules";
import type { Participant, PickerDraw, PickerSummary } from "@dropfair/schemas/picker";
import type { DrawRow, EntryRow, PickerRow } from "./repository.ts";

export function drawView(draw: DrawRow): PickerDraw {
  return {
    count: draw.count,
    kind: draw.kind,
    reason: draw.reason,
    commitment: draw.commitment,
    entryCount: draw.entryCount,
    winnerCount: draw.winnerCount,
    chainId: draw.chainId,
    targetBlock: draw.targetBlock.toString(),
    committedAt: draw.committedAt.toISOString(),
    headAtCommit: draw.headAtCommit?.toString() ?? null,
    blockHash: draw.blockHash,
    status: draw.status,
    replacedXUserIds: draw.replacedXUserIds ?? null,
    createdAt: draw.createdAt.toISOString(),
    drawnAt: draw.drawnAt?.toISOString() ?? null,
  };
}

export function summaryView(picker: PickerRow): PickerSummary {
  return {
    id: picker.id,
    seed: picker.seed,
    status: picker.status,
    ownerUsername: picker.ownerUsername,
    postId: picker.postId,
    postText: picker.postText,
    winnerCount: picker.winnerCount,
    rewardText: picker.rewardText,
    rewardAmount: picker.rewardAmount,
    entryCount: picker.entryCount,
    eligibleCount: picker.eligibleCount,
    createdAt: picker.createdAt.toISOString(),
  };
}

/**
 * Why an entry is not eligible by the rules: their reason, or "banned" for a ban made after they ran (the host
 * stays "host", first in their order). The same rule as `exclusionOf` in repository.ts, which counts them.
 */
export function excludedReasonOf(row: Pick<EntryRow, "excludedReason" | "blackReason">): string | null {
  if (row.excludedReason === "host") return row.excludedReason;
  if (row.blackReason !== null) return "banned";
  return row.excludedReason;
}

export function participantView(
  picker: PickerRow,
  row: EntryRow,
  viewerIsHost: boolean,
  viewerIsEntrant: boolean,
): Participant {
  return {
    xUserId: row.xUserId,
    username: row.username,
    name: row.name,
    avatarUrl: row.avatarUrl,
    retweeted: row.retweeted,
    quoted: row.quoted,
    replied: row.replied,
    excludedReason: excludedReasonOf(row),
    score: row.score,
    displayScore: row.score === null ? null : displayScore(BigInt(row.score)),
    rank: row.rank,
    role: row.role,
    rejectReason: row.rejectReason,
    blackReason: row.blackReason,
    info: visibleWinnerInfo(picker.infoType, row.info, { isHost: viewerIsHost, isEntrant: viewerIsEntrant }),
    infoSubmitted: row.info !== null,
  };
}

/** The poster's address, versioned by its last change so a cached copy is never stale. */
export function posterUrl(pickerId: number, updatedAt: Date): string {
  return `/api/bounty/picker/${pickerId}/poster?v=${updatedAt.getTime()}`;
}
