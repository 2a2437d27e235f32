// Entrant rows: what X said about each account, the way the entry was made, and its entry hash.
import { entryHash } from "@dropfair/core/fairness";
import { and, eq, pickerEntries, sql, type Tx } from "@dropfair/db";
import type { XUser } from "@dropfair/social/x";
import { jsonParameter } from "../../../platform/sql.ts";

/** The user fields the filters read (stored in `profile`, as X answered them at collection time). */
export const profileUserFields = [
  "created_at",
  "description",
  "location",
  "profile_image_url",
  "profile_banner_url",
  "verified",
  "verified_type",
  "public_metrics",
  "most_recent_tweet_id",
  "protected",
] as const;

export type EntryFlags = { retweeted: boolean; quoted: boolean; replied: boolean };

export type EntrantCandidate = { user: XUser; flags: EntryFlags };

function profileOf(user: XUser): Record<string, unknown> {
  const profile: Record<string, unknown> = {};
  for (const field of profileUserFields) {
    const value = user[field];
    if (value !== undefined) profile[field] = value;
  }
  return profile;
}

/**
 * One candidate per account, in first-seen order, flags merged: a single INSERT … ON CONFLICT must not
 * touch the same row twice, and an account may reply or quote more than once.
 */
export function uniqueCandidates(candidates: readonly EntrantCandidate[]): EntrantCandidate[] {
  const byId = new Map<string, EntrantCandidate>();
  for (const candidate of candidates) {
    const seen = byId.get(candidate.user.id);
    if (!seen) {
      byId.set(candidate.user.id, { user: candidate.user, flags: { ...candidate.flags } });
      continue;
    }
    seen.flags.retweeted ||= candidate.flags.retweeted;
    seen.flags.quoted ||= candidate.flags.quoted;
    seen.flags.replied ||= candidate.flags.replied;
  }
  return [...byId.values()];
}

/** The accounts among `ids` that are already entrants of the picker. */
export async function existingEntrantIds(
  tx: Tx,
  pickerId: number,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ xUserId: pickerEntries.xUserId })
    .from(pickerEntries)
    .where(
      and(
        eq(pickerEntries.pickerId, pickerId),
        sql`${pickerEntries.xUserId} in (select jsonb_array_elements_text(${jsonParameter(ids)}))`,
      ),
    );
  return new Set(rows.map((row) => row.xUserId));
}

/**
 * Inserts or merges entrants in one multi-row statement: a new account gets its row and entry hash; a known
 * one keeps its hash, takes the fresh profile and ORs the flags, so replaying a page changes nothing.
 */
export async function upsertEntrants(
  tx: Tx,
  pickerId: number,
  postId: string,
  candidates: readonly EntrantCandidate[],
): Promise<void> {
  if (candidates.length === 0) return;
  const rows = candidates.map(({ user, flags }) => ({
    x_user_id: user.id,
    username: user.username,
    name: user.name,
    avatar_url: user.profile_image_url ?? null,
    profile: profileOf(user),
    retweeted: flags.retweeted,
    quoted: flags.quoted,
    replied: flags.replied,
    entry_hash: entryHash(postId, user.id),
  }));
  await tx.execute(sql`
    insert into picker_entries
      (picker_id, x_user_id, username, name, avatar_url, profile, retweeted, quoted, replied, entry_hash)
    select ${pickerId}, r.x_user_id, r.username, r.name, r.avatar_url, r.profile, r.retweeted, r.quoted,
           r.replied, r.entry_hash
    from jsonb_to_recordset(${jsonParameter(rows)}) as r(
      x_user_id text, username text, name text, avatar_url text, profile jsonb,
      retweeted boolean, quoted boolean, replied boolean, entry_hash text)
    on conflict (picker_id, x_user_id) do update set
      username = excluded.username,
      name = excluded.name,
      avatar_url = excluded.avatar_url,
      profile = picker_entries.profile || excluded.profile,
      retweeted = picker_entries.retweeted or excluded.retweeted,
      quoted = picker_entries.quoted or excluded.quoted,
      replied = picker_entries.replied or excluded.replied`);
}

/** Marks known entrants as repliers (a reply alone does not make an entrant when a repost is required). */
export async function markRepliers(tx: Tx, pickerId: number, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(pickerEntries)
    .set({ replied: true })
    .where(
      and(
        eq(pickerEntries.pickerId, pickerId),
        sql`${pickerEntries.xUserId} in (select jsonb_array_elements_text(${jsonParameter(ids)}))`,
        eq(pickerEntries.replied, false),
      ),
    );
}

/** Records followers of a follow target; a page read again adds nothing. */
export async function insertFollowers(
  tx: Tx,
  pickerId: number,
  targetId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    insert into picker_followers (picker_id, target_id, x_user_id)
    select ${pickerId}, ${targetId}, id from jsonb_array_elements_text(${jsonParameter(ids)}) as id
    on conflict do nothing`);
}
