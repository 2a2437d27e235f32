// Deciding a referrer's reward for one referee. Runs in the caller's transaction (a mission completion) or its
// own (a social account bound), with the referrer's code row locked, so one referee earns one reward however many
// triggers race, and the monthly cap holds across the referrer's referees.
import { shortAddress } from "@dropfair/core/address";
import {
  monthStartUtc,
  type RewardRules,
  referralReward,
  referralRewardRequirements,
} from "@dropfair/core/referral";
import type { DbWriter } from "@dropfair/db";
import { creditPoints, referralSourceKind, sumOfSource } from "../points/index.ts";
import {
  ancestorsOf,
  identitiesOf,
  insertReward,
  linkOfReferee,
  lockReferrerForUpdate,
  recordIdentities,
  rewardExists,
} from "./repository.ts";

/** The source kind of referral credits in the points ledger (source id: the referee's user id). */
export { referralSourceKind };

/** How far up the referrer chain a cycle is looked for. */
const cycleSearchDepth = 64;

/**
 * A user's social accounts as the social-links module has them now (X, Discord, Telegram), read with the given
 * database handle: inside a mission completion that is the completion's own transaction.
 */
export type LinksOf = (
  db: DbWriter,
  userId: number,
) => Promise<readonly { provider: string; accountId: string }[]>;

export type RewardDependencies = {
  rules: Pick<RewardRules, "rewardEp" | "monthlyCapEp">;
  linksOf: LinksOf;
  completedMissionCount: (db: DbWriter, userId: number) => Promise<number>;
  now: () => Date;
};

export type RewardOutcome =
  | { outcome: "rewarded"; referrerUserId: number; amountEp: number }
  | { outcome: "alreadyRewarded" | "notReferred" }
  | { outcome: "refused"; reason: string };

/** Adds the user's current social accounts to those ever seen on them, and answers the current ones. */
export async function rememberAccounts(db: DbWriter, dependencies: RewardDependencies, userId: number) {
  const accounts = (await dependencies.linksOf(db, userId)).map(({ provider, accountId }) => ({
    provider,
    accountId,
  }));
  await recordIdentities(db, userId, accounts, dependencies.now());
  return accounts;
}

export async function evaluateReward(
  tx: DbWriter,
  dependencies: RewardDependencies,
  refereeUserId: number,
): Promise<RewardOutcome> {
  const link = await linkOfReferee(tx, refereeUserId);
  if (!link) return { outcome: "notReferred" };
  if (await rewardExists(tx, refereeUserId)) return { outcome: "alreadyRewarded" };
  await lockReferrerForUpdate(tx, link.referrerUserId);
  // Another trigger may have rewarded this referee while we waited for the lock.
  if (await rewardExists(tx, refereeUserId)) return { outcome: "alreadyRewarded" };

  const refereeAccounts = await rememberAccounts(tx, dependencies, refereeUserId);
  await rememberAccounts(tx, dependencies, link.referrerUserId);
  const now = dependencies.now();
  const decision = referralReward(
    {
      referee: {
        userId: refereeUserId,
        wallet: link.refereeAddress,
        socialAccounts: await identitiesOf(tx, refereeUserId),
      },
      referrer: {
        userId: link.referrerUserId,
        wallet: link.referrerAddress,
        socialAccounts: await identitiesOf(tx, link.referrerUserId),
      },
      referrerAncestors: await ancestorsOf(tx, link.referrerUserId, cycleSearchDepth),
      refereeMissionsFinished: await dependencies.completedMissionCount(tx, refereeUserId),
      refereeSocialAccountsBound: refereeAccounts.length,
      referrerEarnedThisMonth: await sumOfSource(tx, {
        userId: link.referrerUserId,
        sourceKind: referralSourceKind,
        since: monthStartUtc(now),
      }),
    },
    { ...dependencies.rules, ...referralRewardRequirements },
  );
  if ("refused" in decision) return { outcome: "refused", reason: decision.refused };

  const amountEp = decision.reward;
  if (
    !(await insertReward(tx, {
      refereeUserId,
      referrerUserId: link.referrerUserId,
      amountEp,
      rewardedAt: now,
    }))
  )
    return { outcome: "alreadyRewarded" };
  await creditPoints(tx, {
    userId: link.referrerUserId,
    amount: amountEp,
    reason: `Referral reward: ${shortAddress(link.refereeAddress)}`,
    sourceKind: referralSourceKind,
    sourceId: String(refereeUserId),
  });
  return { outcome: "rewarded", referrerUserId: link.referrerUserId, amountEp };
}
