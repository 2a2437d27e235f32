// What the wheel's use cases are given: the database, the chains and our contracts on them, the signers, the
// missions module (a game's missions and the tickets they reward) and the clock.
import type { Db, DbWriter, Tx } from "@dropfair/db";
import type { Address, PublicClient } from "viem";
import type { Session } from "../../platform/auth.ts";
import type { VoucherSigner } from "../airdrop/index.ts";
import type { SpinSigner } from "./chain.ts";

/** A completion of one of the game's missions that rewards tickets. */
export type TicketCompletion = { missionId: number; userId: number; tickets: number; completedAt: Date };

/** What the wheel needs of the missions module. */
export type WheelMissions = {
  /** The game's mission campaign, made on first use. */
  campaignFor(gameId: number, ownerUserId: number, title: string, db?: DbWriter): Promise<{ id: number }>;
  /** The game's campaign if it exists. */
  findCampaign(gameId: number, db?: DbWriter): Promise<{ id: number } | undefined>;
  /** Completions of the campaign's missions that reward tickets (of one user, or of several). */
  ticketCompletions(
    db: DbWriter,
    campaignId: number,
    userIds: readonly number[],
  ): Promise<TicketCompletion[]>;
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

export type WheelDependencies = {
  db: Db;
  chainClient: (chainId: number) => PublicClient | undefined;
  /** LuckyWheel per chain id. */
  contracts: Record<number, Address>;
  /** AirdropDistributor per chain id (token and NFT prizes are paid through it). */
  distributors: Record<number, Address>;
  /** Signs spin vouchers; null when no WHEEL_SIGNER_KEY / AIRDROP_SIGNER_KEY is set. */
  spinSigner: SpinSigner | null;
  /** Signs distributor claim vouchers (the airdrop module's signer); null when AIRDROP_SIGNER_KEY is not set. */
  claimSigner: VoucherSigner | null;
  voucherTtlSeconds: number;
  /** Blocks (the spin's own included) a spin needs before its prize is computed. */
  confirmations: number;
  missions: WheelMissions;
  /** Whether a wallet is a platform administrator. */
  isAdmin: (address: string) => boolean;
  audit: AuditAdminAction;
  /** Asks the spin recorder to run soon for a chain (the `wheel.record-spins` job). */
  recordSoon: (chainId: number) => Promise<void>;
  now: () => Date;
};

export type Actor = Session | null;
