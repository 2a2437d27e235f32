// The spin recorder (the `wheel.record-spins` job): reads LuckyWheel's Spin events from where it stopped up to the
// last block with the configured confirmations, in chain order, and records each spin's outcome with the wheel
// algorithm (`@dropfair/core/wheel`), crediting EP prizes in the same transaction. Blocks are read only once they
// are confirmed, so a spin whose block is replaced is recorded once, from the block that finally holds it; a
// pass that fails (the RPC down) records nothing and the next pass starts from the same block.
import { compareChainOrder, spinOutcome, spinRand, type WheelPrize } from "@dropfair/core/wheel";
import type { Tx } from "@dropfair/db";
import { isAddressEqual } from "viem";
import { creditPoints } from "../points/index.ts";
import { type SpinLog, spinLogsInRange } from "./chain.ts";
import type { WheelDependencies } from "./dependencies.ts";
import * as repository from "./repository.ts";

export type RecordPass = { fromBlock: bigint; toBlock: bigint; recorded: number; ignored: number };

type GameBook = {
  game: repository.GameRow;
  prizes: repository.PrizeRow[];
  wheel: WheelPrize[];
  won: Map<string, number>;
};

/** What the pass knows of each game it meets: its prizes and the wins recorded so far (this pass's included). */
async function bookOf(tx: Tx, books: Map<number, GameBook>, gameId: number): Promise<GameBook | undefined> {
  const known = books.get(gameId);
  if (known) return known;
  const game = await repository.findGame(tx, gameId);
  if (!game) return undefined;
  const prizes = await repository.prizesOf(tx, gameId);
  const book = {
    game,
    prizes,
    wheel: prizes.map((prize) => ({ id: prize.prizeId, weight: prize.weight, count: prize.count })),
    won: await repository.wonCounts(tx, gameId),
  };
  books.set(gameId, book);
  return book;
}

/** The outcomes of a range's Spin events, in chain order; events that are not our spins are left out. */
async function outcomesOf(
  tx: Tx,
  logs: readonly SpinLog[],
): Promise<{
  outcomes: repository.RecordedSpin[];
  credits: { userId: number; amount: number; spinId: number; title: string }[];
}> {
  const ids = logs
    .filter((log) => log.nonce <= BigInt(Number.MAX_SAFE_INTEGER))
    .map((log) => Number(log.nonce));
  const spins = await repository.lockSpins(tx, ids);
  const books = new Map<number, GameBook>();
  const outcomes: repository.RecordedSpin[] = [];
  const credits: { userId: number; amount: number; spinId: number; title: string }[] = [];
  for (const log of logs) {
    const spin = log.nonce <= BigInt(Number.MAX_SAFE_INTEGER) ? spins.get(Number(log.nonce)) : undefined;
    // Not one of ours (another game's id or account in the event), or recorded already: nothing to do.
    if (!spin || BigInt(spin.gameId) !== log.gameId || !isAddressEqual(spin.account, log.account)) continue;
    if (spin.recordedAt !== null) continue;
    const book = await bookOf(tx, books, spin.gameId);
    if (!book) continue;
    const rand = spinRand(
      {
        account: spin.account,
        nonce: String(spin.id),
        blockHash: log.blockHash,
        txHash: log.transactionHash,
      },
      book.game.salt,
    );
    const { position, prizeId } = spinOutcome(book.wheel, book.won, rand);
    const prize = book.prizes.find((candidate) => candidate.prizeId === prizeId);
    if (prizeId !== null) book.won.set(prizeId, (book.won.get(prizeId) ?? 0) + 1);
    if (prize?.kind === "ep") {
      credits.push({
        userId: spin.userId,
        amount: Number(prize.amount),
        spinId: spin.id,
        title: book.game.title,
      });
    }
    outcomes.push({
      id: spin.id,
      txHash: log.transactionHash,
      blockNumber: log.blockNumber,
      blockHash: log.blockHash,
      transactionIndex: log.transactionIndex,
      logIndex: log.logIndex,
      position: position === null ? null : position.toString(),
      prizeId,
      stage: prize?.kind === "token" || prize?.kind === "nft" ? "dispatching" : "completed",
    });
  }
  return { outcomes, credits };
}

/**
 * One pass over one chain: at most `maxBlocks` confirmed blocks from the cursor. Null when the chain has no
 * LuckyWheel, no client or no game yet.
 */
export async function recordSpins(
  dependencies: Pick<WheelDependencies, "db" | "chainClient" | "contracts" | "confirmations" | "now">,
  chainId: number,
  maxBlocks = 2_000n,
): Promise<RecordPass | null> {
  const { db } = dependencies;
  const contract = dependencies.contracts[chainId];
  const client = dependencies.chainClient(chainId);
  if (!contract || !client) return null;
  const fromBlock = await repository.cursorOf(db, chainId, contract);
  if (fromBlock === null) return null;
  const head = await client.getBlockNumber();
  const confirmedHead = head - BigInt(dependencies.confirmations - 1);
  if (fromBlock > confirmedHead) return { fromBlock, toBlock: confirmedHead, recorded: 0, ignored: 0 };
  const toBlock = fromBlock + maxBlocks - 1n < confirmedHead ? fromBlock + maxBlocks - 1n : confirmedHead;
  const logs = (await spinLogsInRange(client, contract, fromBlock, toBlock)).sort(compareChainOrder);
  return db.transaction(async (tx) => {
    // Another pass got here first: leave the range to it.
    if ((await repository.cursorOf(tx, chainId, contract, true)) !== fromBlock)
      return { fromBlock, toBlock: fromBlock - 1n, recorded: 0, ignored: 0 };
    const now = dependencies.now();
    const { outcomes, credits } = await outcomesOf(tx, logs);
    await repository.recordSpins(tx, outcomes, now);
    // EP prizes are credited in the same transaction, once per spin (the ledger's source key).
    for (const credit of credits) {
      await creditPoints(tx, {
        userId: credit.userId,
        amount: credit.amount,
        reason: `Lucky wheel: ${credit.title}`.slice(0, 200),
        sourceKind: "wheel",
        sourceId: String(credit.spinId),
      });
    }
    await repository.setCursor(tx, chainId, contract, toBlock + 1n, now);
    return { fromBlock, toBlock, recorded: outcomes.length, ignored: logs.length - outcomes.length };
  });
}

/** Passes until the chain's confirmed head (at most `maxPasses`). */
export async function recordChain(
  dependencies: Parameters<typeof recordSpins>[0],
  chainId: number,
  maxPasses = 20,
): Promise<{ recorded: number; toBlock: string | null }> {
  let recorded = 0;
  let toBlock: bigint | null = null;
  for (let pass = 0; pass < maxPasses; pass++) {
    const step = await recordSpins(dependencies, chainId);
    if (!step) break;
    recorded += step.recorded;
    const caughtUp = step.fromBlock > step.toBlock || step.toBlock === toBlock;
    toBlock = step.toBlock;
    if (caughtUp) break;
  }
  return { recorded, toBlock: toBlock === null ? null : toBlock.toString() };
}
