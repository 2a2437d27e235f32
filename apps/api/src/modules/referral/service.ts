// Referral: each wallet user's code (made at the first sign-in, changeable), the parent bound once at the first
// sign-in, the results a referrer sees, the inviter look-up, and the reward triggers (a mission finished, a
// social account bound).
import { randomBytes } from "node:crypto";
import { shortAddress } from "@dropfair/core/address";
import { type LevelRules, levelOf } from "@dropfair/core/points";
import {
  acceptParentCode,
  generatedCodeLength,
  isUserCode,
  monthStartUtc,
  userCodeFromBytes,
  userCodeProblem,
} from "@dropfair/core/referral";
import type { Db, DbWriter } from "@dropfair/db";
import type { ReferralLookup, ReferralMe, ReferralResults } from "@dropfair/schemas/referral";
import type { SharedCounters } from "../../platform/rate-limits.ts";
import { pointsOf, sumOfSource } from "../points/index.ts";
import { referralErrors } from "./errors.ts";
import { createLookupThrottle } from "./lookup-throttle.ts";
import {
  codeOfUser,
  holderOfCode,
  insertCode,
  insertLink,
  refereesPage,
  totalsOfReferrer,
  updateCode,
} from "./repository.ts";
import {
  evaluateReward,
  type RewardDependencies,
  type RewardOutcome,
  referralSourceKind,
  rememberAccounts,
} from "./rewards.ts";

export type ReferralDependencies = RewardDependencies & {
  db: Db;
  levels: LevelRules;
  lookup: { missLimit: number; windowSeconds: number };
  /** Where look-ups of unknown codes are counted (shared by every API replica). */
  counters: SharedCounters;
  /** Where a failed reward re-check after a binding is reported (the binding itself stands). */
  logger: { error(details: object, message: string): void };
};

/** The route that reads a parent code from its last segment; the share link points there. */
function sharePathOf(code: string) {
  return `/achievement/${code}`;
}

const codeAttempts = 8;

export function createReferralService(dependencies: ReferralDependencies) {
  const { db, now } = dependencies;
  const throttle = createLookupThrottle({ ...dependencies.lookup, counters: dependencies.counters });

  /** The user's code, made now if the user has none yet (users from before referrals, or a lost race). */
  async function ensureCode(writer: DbWriter, userId: number): Promise<string> {
    for (let attempt = 0; attempt < codeAttempts; attempt += 1) {
      const existing = await codeOfUser(writer, userId);
      if (existing) return existing;
      const candidate = userCodeFromBytes(randomBytes(generatedCodeLength));
      if (isUserCode(candidate) && (await insertCode(writer, userId, candidate, now()))) return candidate;
    }
    throw new Error(`no free referral code after ${codeAttempts} attempts`);
  }

  async function rewardInTransaction(refereeUserId: number): Promise<RewardOutcome> {
    return db.transaction((tx) => evaluateReward(tx, dependencies, refereeUserId));
  }

  return {
    /**
     * At a wallet's first sign-in, inside the sign-in transaction: binds the parent when it names another user's
     * code (anything else is ignored), then gives the user a code. Answers the parent code bound, if any.
     */
    async onFirstSignIn(tx: DbWriter, input: { userId: number; parent: string | null | undefined }) {
      const parentCode = acceptParentCode(input.parent);
      let bound: string | undefined;
      if (parentCode) {
        const holder = await holderOfCode(tx, parentCode);
        if (holder && holder.userId !== input.userId) {
          await insertLink(tx, {
            refereeUserId: input.userId,
            referrerUserId: holder.userId,
            code: parentCode,
            boundAt: now(),
          });
          bound = parentCode;
        }
      }
      await ensureCode(tx, input.userId);
      return bound;
    },

    async me(userId: number): Promise<ReferralMe> {
      const code = await ensureCode(db, userId);
      const totals = await totalsOfReferrer(db, userId);
      const earnedThisMonthEp = await sumOfSource(db, {
        userId,
        sourceKind: referralSourceKind,
        since: monthStartUtc(now()),
      });
      return {
        code,
        sharePath: sharePathOf(code),
        totals,
        rewardEp: dependencies.rules.rewardEp,
        monthlyCapEp: dependencies.rules.monthlyCapEp,
        earnedThisMonthEp,
      };
    },

    async changeCode(userId: number, code: string): Promise<{ code: string }> {
      const problem = userCodeProblem(code);
      if (problem === "invalid") throw referralErrors.codeInvalid();
      if (problem === "reserved") throw referralErrors.codeReserved();
      await ensureCode(db, userId);
      try {
        const moved = await db.transaction((tx) => updateCode(tx, userId, code, now()));
        if (!moved) throw referralErrors.codeTaken();
      } catch (error) {
        // Two users racing for one code: the unique key lets one through.
        if (isUniqueViolation(error)) throw referralErrors.codeTaken();
        throw error;
      }
      return { code };
    },

    async results(userId: number, page: { page: number; pageSize: number }): Promise<ReferralResults> {
      const rows = await refereesPage(db, userId, {
        offset: (page.page - 1) * page.pageSize,
        limit: page.pageSize,
      });
      const detailed = await Promise.all(
        rows.map(async (row) => ({
          account: shortAddress(row.address),
          level: levelOf(await pointsOf(db, row.refereeUserId), dependencies.levels).level,
          missionsFinished: await dependencies.completedMissionCount(db, row.refereeUserId),
          rewardEp: row.rewardEp,
          joinedAt: row.boundAt.toISOString(),
        })),
      );
      return { rows: detailed, totals: await totalsOfReferrer(db, userId), ...page };
    },

    /** Whether a code exists (the inviter shown to someone who follows a share link); throttled per client. */
    async lookup(client: string, code: string): Promise<ReferralLookup> {
      const wait = await throttle.retryAfterSeconds(client);
      if (wait > 0) throw referralErrors.lookupThrottled(wait);
      const holder = isUserCode(code) ? await holderOfCode(db, code) : undefined;
      if (!holder) {
        const missWait = await throttle.recordMiss(client);
        if (missWait > 0) throw referralErrors.lookupThrottled(missWait);
        return { exists: false, inviter: null };
      }
      return { exists: true, inviter: shortAddress(holder.address) };
    },

    /** Called by the missions module inside its completion transaction. */
    async onMissionCompleted(
      tx: DbWriter,
      completion: { userId: number; missionId: number; campaignId: number },
    ): Promise<void> {
      await evaluateReward(tx, dependencies, completion.userId);
    },

    /**
     * Called by the social-links module after an account was bound: the binding may be the referee's second
     * account, and remembering the account keeps it on this user even if it later moves to another wallet.
     */
    async onSocialAccountLinked(userId: number): Promise<void> {
      try {
        await rememberAccounts(db, dependencies, userId);
        await rewardInTransaction(userId);
      } catch (error) {
        dependencies.logger.error({ err: error, userId }, "referral re-check after a social binding failed");
      }
    },

    /** Decides the referee's reward now, in its own transaction or in the caller's `tx`. */
    async evaluateReward(refereeUserId: number, tx?: DbWriter): Promise<RewardOutcome> {
      return tx ? evaluateReward(tx, dependencies, refereeUserId) : rewardInTransaction(refereeUserId);
    },
  };
}

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export type ReferralService = ReturnType<typeof createReferralService>;
