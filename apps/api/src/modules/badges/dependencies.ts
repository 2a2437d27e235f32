// What the badges module is built from; the composition root wires it, handing in what it needs of the points,
// missions and airdrop modules as plain functions.
import type { LevelRules } from "@dropfair/core/points";
import type { Db, DbWriter } from "@dropfair/db";
import type { Address, PublicClient } from "viem";
import type { BadgeVoucherSigner } from "./signer.ts";

export type BadgesDependencies = {
  db: Db;
  /** DropfairBadges per chain id. */
  contracts: Readonly<Record<number, Address>>;
  chainClient: (chainId: number) => PublicClient | undefined;
  /** Signs mint vouchers (the contracts' platformSigner); null: minting is off on this server. */
  signer: BadgeVoucherSigner | null;
  voucherTtlSeconds: number;
  /** Blocks (the mint's own included) before a mint is recorded. */
  confirmations: number;
  levels: LevelRules & { pointName: string };
  /** The API's public origin: image links and token metadata point here. */
  origin: string;
  /** The user's EP balance (points module). */
  pointsOf: (db: DbWriter, userId: number) => Promise<number>;
  /** Which of these missions the user completed (missions module). */
  completedMissionIds: (db: DbWriter, userId: number, missionIds: number[]) => Promise<number[]>;
  /** Which of these ids are live missions (missions module). */
  liveMissionIds: (db: DbWriter, missionIds: number[]) => Promise<number[]>;
  /** Released airdrops created and claims paid (airdrop module). */
  airdropActivityOf: (
    db: DbWriter,
    who: { userId: number; address: string },
  ) => Promise<{ created: number; claimed: number }>;
  /** Prizes the user won on the lucky wheel (wheel module). */
  wheelPrizesOf: (db: DbWriter, userId: number) => Promise<number>;
  now: () => Date;
};

/** The signed-in wallet a badge request acts for. */
export type BadgeActor = { userId: number; address: Address };
