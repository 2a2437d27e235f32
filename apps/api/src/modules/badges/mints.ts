// Mints are read from the chain, never taken on the caller's word: the web app reports its transaction at once
// (reportMint), and the indexer (indexMints, run by the `badges.index-mints` job) reads every BadgeMinted event, so
// a mint sent from anywhere counts too. Each token is recorded once.
import { dropfairBadgesAbi } from "@dropfair/chain/abis";
import type { RecordedMint } from "@dropfair/schemas/badges";
import { type Address, type Hex, isAddressEqual, type Log, type PublicClient, parseEventLogs } from "viem";
import { forgetCatalogue } from "./catalogue.ts";
import type { BadgeActor, BadgesDependencies } from "./dependencies.ts";
import { badgeErrors } from "./errors.ts";
import { existingBadgeIds, indexerCursor, type MintRow, moveCursor, recordMint } from "./repository.ts";
import { recordedMintView } from "./views.ts";

const badgeMintedEvent = dropfairBadgesAbi.filter(
  (item) => item.type === "event" && item.name === "BadgeMinted",
);

type MintedLog = {
  txHash: Hex;
  blockNumber: bigint;
  logIndex: number;
  tokenId: bigint;
  account: Address;
  badgeId: bigint;
  period: bigint;
  soulbound: boolean;
};

function mintedLogs(logs: readonly Log[], contract: Address): MintedLog[] {
  const ours = logs.filter((log) => isAddressEqual(log.address, contract));
  return parseEventLogs({ abi: dropfairBadgesAbi, logs: ours, eventName: "BadgeMinted", strict: true }).map(
    (event) => ({
      txHash: event.transactionHash,
      blockNumber: event.blockNumber,
      logIndex: event.logIndex,
      ...event.args,
    }),
  );
}

/** What reading mints from the chain needs (the indexer job has no signer). */
export type MintReaderDependencies = Pick<
  BadgesDependencies,
  "db" | "contracts" | "chainClient" | "confirmations" | "now"
>;

/** Records the mints of our badges (unknown badge ids are someone else's vouchers: skipped); the rows recorded. */
async function record(
  dependencies: MintReaderDependencies,
  chainId: number,
  contract: Address,
  logs: readonly MintedLog[],
): Promise<MintRow[]> {
  const safe = logs.filter((log) => log.badgeId <= BigInt(Number.MAX_SAFE_INTEGER));
  const known = await existingBadgeIds(
    dependencies.db,
    safe.map((log) => Number(log.badgeId)),
  );
  const at = dependencies.now();
  const recorded = await dependencies.db.transaction(async (tx) => {
    const rows: MintRow[] = [];
    for (const log of safe) {
      if (!known.has(Number(log.badgeId))) continue;
      const row = {
        badgeId: Number(log.badgeId),
        address: log.account,
        period: Number(log.period),
        kind: log.soulbound ? ("sbt" as const) : ("nft" as const),
        chainId,
        contractAddress: contract,
        tokenId: log.tokenId.toString(),
        txHash: log.txHash.toLowerCase(),
        blockNumber: Number(log.blockNumber),
        logIndex: log.logIndex,
        mintedAt: at,
      };
      await recordMint(tx, row);
      rows.push({ id: 0, ...row });
    }
    return rows;
  });
  // Holders counts moved.
  if (recorded.length > 0) forgetCatalogue(dependencies.db, { holdersOnly: true });
  return recorded;
}

function clientFor(dependencies: MintReaderDependencies, chainId: number): [PublicClient, Address] {
  const contract = dependencies.contracts[chainId];
  const client = dependencies.chainClient(chainId);
  if (!contract || !client) throw badgeErrors.chainUnsupported(chainId);
  return [client, contract];
}

/** A reverted or unknown transaction fails; a known one without enough confirmations is still processing. */
async function confirmedReceipt(client: PublicClient, txHash: Hex, confirmations: number) {
  try {
    const receipt = await client.getTransactionReceipt({ hash: txHash }).catch(async (error: unknown) => {
      if ((error as { name?: string }).name !== "TransactionReceiptNotFoundError") throw error;
      const pending = await client.getTransaction({ hash: txHash }).catch((missing: unknown) => {
        if ((missing as { name?: string }).name === "TransactionNotFoundError") return null;
        throw missing;
      });
      throw pending ? badgeErrors.transactionPending() : badgeErrors.transactionFailed();
    });
    if (receipt.status !== "success") throw badgeErrors.transactionFailed();
    const head = await client.getBlockNumber();
    if (head - receipt.blockNumber + 1n < BigInt(confirmations)) throw badgeErrors.transactionPending();
    return receipt;
  } catch (error) {
    if ((error as { name?: string }).name === "AppError") throw error;
    throw badgeErrors.chainUnavailable(error);
  }
}

/**
 * The web app's report of a mint transaction: its BadgeMinted events are recorded (whoever sent it); the answer is
 * the caller's mints in it, and a transaction that minted nothing to the caller is refused.
 */
export async function reportMint(
  dependencies: BadgesDependencies,
  actor: BadgeActor,
  report: { chainId: number; txHash: string },
): Promise<RecordedMint[]> {
  const [client, contract] = clientFor(dependencies, report.chainId);
  const receipt = await confirmedReceipt(client, report.txHash as Hex, dependencies.confirmations);
  const rows = await record(dependencies, report.chainId, contract, mintedLogs(receipt.logs, contract));
  const mine = rows.filter((row) => isAddressEqual(row.address, actor.address));
  if (mine.length === 0) throw badgeErrors.accountMismatch();
  return mine.map(recordedMintView);
}

/**
 * One pass of the indexer on one chain: the next `maxBlocks` confirmed blocks after the cursor. Null when the chain
 * has no contract or client, or nothing issued a voucher there yet (no cursor).
 */
export async function indexMints(
  dependencies: MintReaderDependencies,
  chainId: number,
  maxBlocks = 2_000n,
): Promise<{ fromBlock: bigint; toBlock: bigint; recorded: number } | null> {
  const contract = dependencies.contracts[chainId];
  const client = dependencies.chainClient(chainId);
  if (!contract || !client) return null;
  const fromBlock = await indexerCursor(dependencies.db, chainId, contract);
  if (fromBlock === undefined) return null;
  const confirmedHead = (await client.getBlockNumber()) - BigInt(dependencies.confirmations - 1);
  if (fromBlock > confirmedHead) return { fromBlock, toBlock: confirmedHead, recorded: 0 };
  const toBlock = fromBlock + maxBlocks - 1n < confirmedHead ? fromBlock + maxBlocks - 1n : confirmedHead;
  const logs = await client.getLogs({ address: contract, events: badgeMintedEvent, fromBlock, toBlock });
  const rows = await record(dependencies, chainId, contract, mintedLogs(logs as Log[], contract));
  await moveCursor(dependencies.db, chainId, contract, toBlock + 1n, dependencies.now());
  return { fromBlock, toBlock, recorded: rows.length };
}
