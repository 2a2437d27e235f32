// Entrant rows: what X said about each account, the way the entry was made, and its entry hash.
import { entryHash } from "@dropfair/core/fairness";
import type { XUser } from "@dropfair/social/x";
import type { EntrantRow } from "./repository.ts";

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

/** The rows to write for would-be entrants: the profile X gave, the flags, and each one's entry hash. */
export function entrantRows(postId: string, candidates: readonly EntrantCandidate[]): EntrantRow[] {
  return candidates.map(({ user, flags }) => ({
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
}
