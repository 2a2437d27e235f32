// What the airdrop use cases are given: the database, the chains, the upstream clients and the clock.
import type { Db } from "@dropfair/db";
import type { DiscordClient } from "@dropfair/social/discord";
import type { TelegramBotClient } from "@dropfair/social/telegram";
import type { XClient } from "@dropfair/social/x";
import type { Address, PublicClient } from "viem";
import type { VoucherSigner } from "./chain.ts";
import type { ChainClock } from "./chain-clock.ts";

export type LinkedAccount = { accountId: string; username: string | null };

/** Queues the background import of a staged participant list (the `airdrop.import-participants` job). */
export type ParticipantImportQueue = { enqueue: (importId: number) => Promise<void> };

export type AirdropDependencies = {
  db: Db;
  x: XClient;
  chainClient: (chainId: number) => PublicClient | undefined;
  /** AirdropDistributor per chain id. */
  distributors: Record<number, Address>;
  /** The confirmations a chain's events need before they count (default: the chain registry's). */
  confirmations?: ((chainId: number) => number) | undefined;
  /** Signs social-list vouchers; null when AIRDROP_SIGNER_KEY is not set (social claims are then unavailable). */
  signer: VoucherSigner | null;
  voucherTtlSeconds: number;
  /** The Discord bot: checks Discord lists and grants Discord-role rewards; undefined when Discord is off. */
  discord?:
    | Pick<
        DiscordClient,
        "addMemberRole" | "getGuildMember" | "getGuildRoles" | "getUser" | "searchGuildMembers"
      >
    | undefined;
  /** The Telegram bot that checks Telegram lists in the airdrop's chat; undefined when Telegram is off. */
  telegram?: Pick<TelegramBotClient, "getChatMember"> | undefined;
  /** The Discord and Telegram accounts bound to a wallet user (social-links module). */
  linksOf?: (userId: number) => Promise<Partial<Record<"discord" | "telegram", LinkedAccount>>>;
  /** Where long participant lists are imported (pg-boss in the server); absent in a process that only runs jobs. */
  imports?: ParticipantImportQueue | undefined;
  /** Lists of at most this many lines are checked and stored within the upload (default `inlineListMaxLines`). */
  inlineListMaxLines?: number | undefined;
  /** …and only when their checks take at most this many upstream requests (default `inlineRequestMax`). */
  inlineRequestMax?: number | undefined;
  /**
   * The database serves other connections while a transaction runs (PostgreSQL; not the embedded PGlite, where
   * nothing else can read until it ends): an import then writes its progress while it stores the list.
   */
  concurrentConnections?: boolean | undefined;
  now: () => Date;
  /** The chain's latest block time (default: read through `chainClient`, cached a few seconds). */
  chainClock?: ChainClock;
  /** How close to a boundary of its window an on-chain action stops being offered (default 15 s). */
  chainClockMarginSeconds?: number;
};

/** The Discord and Telegram accounts bound to this wallet user; none when the social-links module is absent. */
export async function linksOf(dependencies: Pick<AirdropDependencies, "linksOf">, userId: number) {
  return (await dependencies.linksOf?.(userId)) ?? {};
}
