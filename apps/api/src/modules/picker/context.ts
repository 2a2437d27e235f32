// What every picker use case is given, and the small steps they share.
import type { Db, DbWriter } from "@dropfair/db";
import type { XClient } from "@dropfair/social/x";
import { XRateLimitError, XSpendingCapError } from "@dropfair/social/x";
import type { Address, PublicClient } from "viem";
import { pickerErrors } from "./errors.ts";
import { findPicker, type PickerRow } from "./repository.ts";

export type PickerConfig = {
  /** The chain whose future block hash seeds the draw (Ethereum in production). */
  drawChainId: number;
  drawConfirmations: number;
  /** The target block is the head read after the commitment plus this many blocks (at least 2). */
  drawTargetMarginBlocks: number;
  drawTimeoutMs: number;
  /** Lowercase usernames or ids allowed to create while the picker is in beta; empty means open to all. */
  betaWhitelist: string[];
  membership: { chainId: number; token: Address; treasury: Address; decimals: number } | null;
  /** Our BatchPayout contract per chain. */
  batchPayout: Record<number, Address>;
};

/** How the service hands long work to the job queue (pg-boss in the server, direct calls in some tests). */
export type PickerJobs = {
  pipeline(pickerId: number): Promise<void>;
  draw(drawId: number): Promise<void>;
};

export type PickerPayments = {
  verifyMembership(input: {
    chainId: number;
    txHash: `0x${string}`;
    token: Address;
    to: Address;
    minAmount: bigint;
  }): Promise<{ payer: Address; amount: bigint; blockTimestamp: Date }>;
  verifyBatch(input: {
    chainId: number;
    txHash: `0x${string}`;
    batchPayout: Address;
    token: Address | "native";
    payments: { to: Address; amount: bigint }[];
    reference: `0x${string}`;
  }): Promise<void>;
  verifyTransaction(input: { chainId: number; txHash: `0x${string}` }): Promise<void>;
};

export type PickerDependencies = {
  db: Db;
  x: XClient;
  jobs: PickerJobs;
  payments: PickerPayments;
  chainClient: (chainId: number) => PublicClient | undefined;
  config: PickerConfig;
  now: () => Date;
};

/** The picker, or a 404. */
export async function loadPicker(db: DbWriter, id: number): Promise<PickerRow> {
  const picker = await findPicker(db, id);
  if (!picker) throw pickerErrors.pickerNotFound();
  return picker;
}

/** X refusing for its limits is the picker's "X API limit" error; any other failure passes through. */
export function mapXFailure(error: unknown): never {
  if (error instanceof XRateLimitError || error instanceof XSpendingCapError) throw pickerErrors.xApiLimit();
  throw error;
}
