// Why an entrant cannot win: one reason each, the first that applies in the order of `exclusionReasons`
// (@dropfair/core/picker): host, banned, not-following, no-reply, no-profile-picture, no-banner,
// no-description, no-location, not-verified, few-posts, account-too-new, inactive. The rules read the profile
// X gave at collection time, and run as SQL so 100,000 entrants never leave the database.
import { type ExclusionReason, exclusionReasons } from "@dropfair/core/picker";
import { type DbWriter, pickerBans, pickerEntries, pickerFollowers, type SQL, sql } from "@dropfair/db";
import type { PickerRow } from "./context.ts";
import type { profileUserFields } from "./entries.ts";
import { setExclusionReasons } from "./repository.ts";

/** Set on an entrant's profile by the filter stage: created_at of its most recent post. */
export const mostRecentPostAtField = "most_recent_tweet_at";

/** X's placeholder avatar lives under this path ("default_profile_images"). */
const defaultAvatarPath = "/default_profile_images/";

const dayMs = 24 * 60 * 60 * 1000;

type ProfileField = (typeof profileUserFields)[number] | typeof mostRecentPostAtField;

/** `profile ->> 'field'`; field names are code constants, inlined as literals. */
function text(field: ProfileField): SQL {
  return sql`(${pickerEntries.profile} ->> ${sql.raw(`'${field}'`)})`;
}

function blank(field: ProfileField): SQL {
  return sql`btrim(coalesce(${text(field)}, '')) = ''`;
}

function cutoff(now: Date, days: number): string {
  return new Date(now.getTime() - days * dayMs).toISOString();
}

/** Entrants that did not reply (when a reply is required besides the repost). */
export function noReplyCondition(): SQL {
  return sql`not ${pickerEntries.replied}`;
}

/** The accounts that do not follow every follow target (each target's followers were collected in stage 20). */
export function notFollowingCondition(picker: PickerRow): SQL | undefined {
  if (picker.followTargets.length === 0) return undefined;
  const missing = picker.followTargets.map(
    (target) => sql`not exists (
      select 1 from ${pickerFollowers}
      where ${pickerFollowers.pickerId} = ${picker.id}
        and ${pickerFollowers.targetId} = ${target.id}
        and ${pickerFollowers.xUserId} = ${pickerEntries.xUserId})`,
  );
  return sql`(${sql.join(missing, sql` or `)})`;
}

/**
 * The condition of each reason for this picker, undefined when its rule is off. Without `activity` the
 * last-post rule is left out: its data (the most recent post's time) is fetched only for entrants that pass
 * every other rule.
 */
export function exclusionConditions(
  picker: PickerRow,
  now: Date,
  options: { activity: boolean },
): Record<ExclusionReason, SQL | undefined> {
  const filters = picker.filters;
  return {
    host: sql`${pickerEntries.xUserId} = ${picker.ownerXUserId}`,
    banned: sql`exists (
      select 1 from ${pickerBans}
      where ${pickerBans.ownerXUserId} = ${picker.ownerXUserId} and ${pickerBans.xUserId} = ${pickerEntries.xUserId})`,
    "not-following": notFollowingCondition(picker),
    "no-reply": picker.requireReply ? noReplyCondition() : undefined,
    "no-profile-picture": filters.profilePicture
      ? sql`(${blank("profile_image_url")} or strpos(${text("profile_image_url")}, ${defaultAvatarPath}) > 0)`
      : undefined,
    "no-banner": filters.banner ? blank("profile_banner_url") : undefined,
    "no-description": filters.description ? blank("description") : undefined,
    "no-location": filters.location ? blank("location") : undefined,
    "not-verified": filters.verified
      ? sql`not (coalesce((${text("verified")})::boolean, false)
                 or coalesce(${text("verified_type")}, 'none') <> 'none')`
      : undefined,
    "few-posts": filters.minTweetCount
      ? sql`coalesce((${pickerEntries.profile} -> 'public_metrics' ->> 'tweet_count')::bigint, 0) < ${filters.minTweetCount}`
      : undefined,
    // A profile that does not prove the account's age or activity does not pass the filter.
    "account-too-new": filters.minAccountAgeDays
      ? sql`coalesce((${text("created_at")})::timestamptz > ${cutoff(now, filters.minAccountAgeDays)}::timestamptz, true)`
      : undefined,
    inactive:
      filters.lastPostWithinDays && options.activity
        ? sql`coalesce((${text(mostRecentPostAtField)})::timestamptz < ${cutoff(now, filters.lastPostWithinDays)}::timestamptz, true)`
        : undefined,
  };
}

/** CASE WHEN … THEN 'reason' … END: the first reason that applies, or null. */
export function exclusionReasonExpression(conditions: Record<ExclusionReason, SQL | undefined>): SQL {
  const branches: SQL[] = [];
  for (const reason of exclusionReasons) {
    const condition = conditions[reason];
    if (condition) branches.push(sql`when ${condition} then ${sql.raw(`'${reason}'`)}`);
  }
  if (branches.length === 0) return sql`null::text`;
  return sql`(case ${sql.join(branches, sql` `)} else null end)`;
}

/** Gives every entrant of the picker its reason (or none). */
export async function classifyEntrants(
  db: DbWriter,
  picker: PickerRow,
  now: Date,
  options: { activity: boolean },
): Promise<void> {
  await setExclusionReasons(
    db,
    picker.id,
    exclusionReasonExpression(exclusionConditions(picker, now, options)),
  );
}
