// The participant list: parse the pasted or uploaded text, resolve X handles, and store it in one transaction.
import {
  type Participant,
  ParticipantListTooLongError,
  parseParticipantList,
  participantListDefaultMaxLines,
} from "@dropfair/core/airdrop";
import { airdropParticipants, airdrops, type Db, eq, sql, type Tx } from "@dropfair/db";
import type { AirdropIdType, ParticipantReport } from "@dropfair/schemas/airdrop";
import type { XClient } from "@dropfair/social/x";
import { jsonParameter } from "../../platform/sql.ts";
import { airdropErrors } from "./errors.ts";

/** At most this many X accounts are looked up per upload (100 per request); longer lists use numeric ids as given. */
export const xResolutionLimit = 50_000;
const reportedLinesLimit = 1_000;
const insertChunk = 20_000;

export type StoredParticipant = { line: number; account: string; label: string; weight: number };

type Resolution = { kept: StoredParticipant[]; unresolvedLines: number[]; duplicateLines: number[] };

/** Wallets: lower-case address; Telegram and Discord: the numeric id or lower-case handle as given. */
function storedAs(participant: Participant): StoredParticipant {
  return {
    line: participant.line,
    account: participant.id.toLowerCase(),
    label: participant.id,
    weight: participant.weight,
  };
}

/** X lists are stored by X user id: handles are looked up, ids checked; unknown or suspended accounts are reported. */
async function resolveXAccounts(x: XClient, participants: Participant[]): Promise<Resolution> {
  const numeric = (id: string) => /^[0-9]+$/.test(id);
  if (participants.length > xResolutionLimit) {
    if (participants.some((participant) => !numeric(participant.id)))
      throw airdropErrors.tooManyHandles(xResolutionLimit);
    return {
      kept: participants.map((participant) => ({
        line: participant.line,
        account: participant.id,
        label: participant.id,
        weight: participant.weight,
      })),
      unresolvedLines: [],
      duplicateLines: [],
    };
  }
  const ids = participants
    .filter((participant) => numeric(participant.id))
    .map((participant) => participant.id);
  const names = participants
    .filter((participant) => !numeric(participant.id))
    .map((participant) => participant.id);
  let byId: Map<string, string>;
  let byName: Map<string, { id: string; username: string }>;
  try {
    const [idResult, nameResult] = await Promise.all([
      ids.length > 0 ? x.lookupUsers(ids) : { data: [] },
      names.length > 0 ? x.lookupUsersByUsernames(names) : { data: [] },
    ]);
    byId = new Map(idResult.data.map((user) => [user.id, user.username]));
    byName = new Map(nameResult.data.map((user) => [user.username.toLowerCase(), user]));
  } catch (error) {
    throw airdropErrors.xUnavailable(error);
  }
  const kept: StoredParticipant[] = [];
  const unresolvedLines: number[] = [];
  const duplicateLines: number[] = [];
  const seen = new Set<string>();
  for (const participant of participants) {
    const user = numeric(participant.id)
      ? byId.has(participant.id)
        ? { id: participant.id, username: byId.get(participant.id)! }
        : undefined
      : byName.get(participant.id.toLowerCase());
    if (!user) {
      unresolvedLines.push(participant.line);
      continue;
    }
    if (seen.has(user.id)) {
      duplicateLines.push(participant.line);
      continue;
    }
    seen.add(user.id);
    kept.push({
      line: participant.line,
      account: user.id,
      label: `@${user.username}`,
      weight: participant.weight,
    });
  }
  return { kept, unresolvedLines, duplicateLines };
}

/** Parses and resolves a list; nothing is stored yet. */
export async function readParticipantList(
  text: string,
  idType: AirdropIdType,
  x: XClient,
): Promise<{ participants: StoredParticipant[]; report: ParticipantReport }> {
  let parsed: ReturnType<typeof parseParticipantList>;
  try {
    parsed = parseParticipantList(text, idType);
  } catch (error) {
    if (error instanceof ParticipantListTooLongError)
      throw airdropErrors.listTooLong(participantListDefaultMaxLines);
    throw error;
  }
  const resolution: Resolution =
    idType === "twitter"
      ? await resolveXAccounts(x, parsed.participants)
      : {
          kept: parsed.participants.map(storedAs),
          unresolvedLines: [],
          duplicateLines: [],
        };
  const duplicateLines = [...parsed.duplicateLines, ...resolution.duplicateLines].sort((a, b) => a - b);
  const totalWeight = resolution.kept.reduce((sum, participant) => sum + participant.weight, 0);
  return {
    participants: resolution.kept,
    report: {
      accepted: resolution.kept.length,
      totalWeight,
      wrongLines: parsed.wrongLines.slice(0, reportedLinesLimit),
      wrongCount: parsed.wrongLines.length,
      duplicateLines: duplicateLines.slice(0, reportedLinesLimit),
      duplicateCount: duplicateLines.length,
      unresolvedLines: resolution.unresolvedLines.slice(0, reportedLinesLimit),
      unresolvedCount: resolution.unresolvedLines.length,
    },
  };
}

/** Replaces the airdrop's list (positions 0…n−1 in file order) and its counts, in one transaction. */
export async function replaceParticipants(
  db: Db,
  airdropId: number,
  participants: readonly StoredParticipant[],
  totalWeight: number,
  clearPreparation: Record<string, unknown>,
  /** Runs first in the same transaction (checks, and clearing what the old list prepared). */
  before: (tx: Tx) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await before(tx);
    await tx.delete(airdropParticipants).where(eq(airdropParticipants.airdropId, airdropId));
    for (let start = 0; start < participants.length; start += insertChunk) {
      const rows = participants.slice(start, start + insertChunk).map((participant, offset) => ({
        p: start + offset,
        a: participant.account,
        l: participant.label,
        w: participant.weight,
      }));
      await tx.execute(sql`
        insert into airdrop_participants (airdrop_id, position, account, label, weight)
        select ${airdropId}, r.p, r.a, r.l, r.w
        from jsonb_to_recordset(${jsonParameter(rows)}) as r(p integer, a text, l text, w integer)`);
    }
    await tx
      .update(airdrops)
      .set({
        participantCount: participants.length,
        totalWeight,
        updatedAt: new Date(),
        ...clearPreparation,
      })
      .where(eq(airdrops.id, airdropId));
  });
}
