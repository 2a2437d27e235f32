// What the tips use cases are given: the database, the chains and the AirdropDistributor on them, the claim voucher
// signer, X (the app's client; budgets come from X_SPENDING_CAP), the wallet's bound X account, the missions
// module (a campaign's join missions), the administrators, the audit trail and the clock.
import type { Db, DbWriter, Tx } from "@dropfair/db";
import type { XClient } from "@dropfair/social/x";
import type { Address, PublicClient } from "viem";
import type { Session, XSession } from "../../platform/auth.ts";
import type { KeptReads } from "../../platform/public-cache.ts";
import type { VoucherSigner } from "../airdrop/index.ts";
import type { SharedLeaderboardPage } from "./leaderboard.ts";

/** The X account bound to a wallet user (social links), as the campaign shows it. */
export type BoundXAccount = {
  accountId: string;
  username: string | null;
  displayName: string;
  avatarUrl: string | null;
};

/** What the tips module needs of the missions module. */
export type TipsMissions = {
  /** The campaign's mission campaign, made on first use. */
  campaignFor(campaignId: number, ownerUserId: number, title: string, db?: DbWriter): Promise<{ id: number }>;
  findCampaign(campaignId: number, db?: DbWriter): Promise<{ id: number } | undefined>;
  /** Whether the user finished every live mission of the mission campaign. */
  allDone(db: DbWriter, missionCampaignId: number, userId: number): Promise<boolean>;
};

/** Audits an administrator's action in the caller's transaction. */
export type AuditAdminAction = (
  tx: Tx,
  entry: {
    actorUserId: number;
    action: string;
    targetKind: string;
    targetId: string;
    details?: Record<string, unknown>;
  },
) => Promise<void>;

export type TipsDependencies = {
  db: Db;
  chainClient: (chainId: number) => PublicClient | undefined;
  /** AirdropDistributor per chain id (the prize is funded and paid through it). */
  distributors: Record<number, Address>;
  /** Signs distributor claim vouchers (the airdrop module's signer); null when AIRDROP_SIGNER_KEY is not set. */
  claimSigner: VoucherSigner | null;
  voucherTtlSeconds: number;
  /** The app-only X client (its budget is the platform's X_SPENDING_CAP). */
  x: XClient;
  /** The X account bound to a wallet user, if any. */
  boundX: (userId: number) => Promise<BoundXAccount | undefined>;
  /** Binds the X account of a live Sign in with X session to the wallet user (once, like missions do). */
  bindX: (userId: number, account: BoundXAccount) => Promise<unknown>;
  missions: TipsMissions;
  /** Whether a wallet is a platform administrator. */
  isAdmin: (address: string) => boolean;
  audit: AuditAdminAction;
  /** Asks for the campaign's leaderboard to be recomputed soon (the `tips.recompute` job; no-op without a queue). */
  refreshSoon: (campaignId: number) => Promise<void>;
  /**
   * Leaderboard pages (without the own row) kept for a moment and emptied by this process's writes
   * (platform/public-cache.ts); absent, every page is read (the worker, a service built alone).
   */
  leaderboardPages?: KeptReads<SharedLeaderboardPage>;
  /** X requests one collection run (or one reload) may make. */
  requestsPerRun: number;
  now: () => Date;
};

export type Actor = Session | null;
export type JoinActor = { session: Session; xSession: XSession | null };
