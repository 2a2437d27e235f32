// Spins: the voucher that lets a player spend a ticket on LuckyWheel, the player's report of the transaction, a
// spin's state, and the public draw records. The outcome itself is decided by the recorder (record.ts) from the
// chain, never here.
import type { WheelDrawRecords, WheelDrawsQuery, WheelSpin, WheelSpinVoucher } from "@dropfair/schemas/wheel";
import { wheelStatuses } from "@dropfair/schemas/wheel";
import { type Hex, isAddressEqual } from "viem";
import { readReceipt, spinLogsOfReceipt } from "./chain.ts";
import type { Actor, WheelDependencies } from "./dependencies.ts";
import { wheelErrors } from "./errors.ts";
import { loadGameState } from "./games.ts";
import * as repository from "./repository.ts";
import { checkGameStart } from "./start-check.ts";
import { syncEarnedTickets, ticketBalance } from "./tickets.ts";
import { spinView } from "./views.ts";

type Session = NonNullable<Actor>;

/**
 * A spin voucher for the signed-in wallet: it spends one ticket. A player holds at most one voucher per game that
 * has not reached the chain; asking again (a retry, another tab, after the deadline passed) gets the same nonce,
 * signed with a new deadline, so asking again never changes anything the outcome depends on. The deadline is never
 * after the game's end.
 */
export async function requestSpin(
  dependencies: WheelDependencies,
  actor: Session,
  gameId: number,
): Promise<WheelSpinVoucher> {
  const { db, now, spinSigner } = dependencies;
  if (!spinSigner) throw wheelErrors.signerMissing();
  const { game, prizes, status } = await loadGameState(dependencies, gameId);
  if (status === wheelStatuses.error) throw wheelErrors.gameError();
  if (status !== wheelStatuses.running) throw wheelErrors.notRunning();
  // The first spin of a game that has started checks its funding on chain first (start-check.ts).
  if (game.startCheckedAt === null && (await checkGameStart(dependencies, game, prizes)) !== null)
    throw wheelErrors.gameError();
  const contract = dependencies.contracts[game.chainId];
  if (!contract) throw wheelErrors.chainUnsupported(game.chainId);
  const at = now();
  const deadline = new Date(
    Math.min(at.getTime() + dependencies.voucherTtlSeconds * 1000, game.endsAt.getTime()),
  );
  const spin = await db.transaction(async (tx) => {
    await syncEarnedTickets(dependencies, tx, game, actor.userId, true);
    const issued = await repository.findIssuedSpin(tx, gameId, actor.userId);
    if (issued) return repository.setVoucherDeadline(tx, issued.id, deadline);
    const { balance } = await ticketBalance(tx, gameId, actor.userId);
    if (balance < 1) throw wheelErrors.noTicket();
    const inserted = await repository.insertIssuedSpin(tx, {
      gameId,
      userId: actor.userId,
      account: actor.address,
      voucherDeadline: deadline,
      requestedAt: at,
    });
    // A concurrent request made the issued spin first: answer with that one.
    return inserted ?? (await repository.findIssuedSpin(tx, gameId, actor.userId))!;
  });
  const voucher = {
    gameId: BigInt(game.id),
    account: spin.account,
    nonce: BigInt(spin.id),
    deadline: BigInt(Math.floor(spin.voucherDeadline.getTime() / 1000)),
  };
  const signature = await spinSigner.sign(voucher, game.chainId, contract);
  return {
    spinId: spin.id,
    chainId: game.chainId,
    contract,
    voucher: {
      gameId: voucher.gameId.toString(),
      account: voucher.account,
      nonce: voucher.nonce.toString(),
      deadline: voucher.deadline.toString(),
    },
    signature,
  };
}

async function ownSpin(dependencies: WheelDependencies, actor: Session, gameId: number, spinId: number) {
  const spin = await repository.findSpin(dependencies.db, spinId);
  if (!spin || spin.gameId !== gameId) throw wheelErrors.notFound();
  if (spin.userId !== actor.userId) throw wheelErrors.notYourSpin();
  return spin;
}

/**
 * The player reports the transaction that spent its voucher, so the recorder looks for it at once. It must be a
 * mined transaction holding this spin's Spin event; the outcome still comes from the chain, once confirmed.
 */
export async function reportSpinTransaction(
  dependencies: WheelDependencies,
  actor: Session,
  gameId: number,
  spinId: number,
  txHash: Hex,
): Promise<WheelSpin> {
  const spin = await ownSpin(dependencies, actor, gameId, spinId);
  if (spin.recordedAt !== null) return spinView(spin);
  const { game } = await loadGameState(dependencies, gameId);
  const client = dependencies.chainClient(game.chainId);
  if (!client) throw wheelErrors.chainUnsupported(game.chainId);
  const receipt = await readReceipt(client, txHash);
  const matches = spinLogsOfReceipt(receipt, game.contractAddress).some(
    (log) =>
      log.nonce === BigInt(spin.id) &&
      log.gameId === BigInt(game.id) &&
      isAddressEqual(log.account, spin.account),
  );
  if (!matches) throw wheelErrors.transaction("transactionUnrelated");
  await repository.markDrawing(dependencies.db, spin.id, txHash);
  await dependencies.recordSoon(game.chainId);
  return spinView((await repository.findSpin(dependencies.db, spin.id))!);
}

/** One of the signed-in player's spins: its stage, and once recorded where it landed. */
export async function spinOf(
  dependencies: WheelDependencies,
  actor: Session,
  gameId: number,
  spinId: number,
) {
  return spinView(await ownSpin(dependencies, actor, gameId, spinId));
}

/** A page of the game's recorded spins, public, with their total; the signed-in player's own first. */
export async function drawRecordsOf(
  dependencies: WheelDependencies,
  actor: Actor,
  gameId: number,
  { page, pageSize }: WheelDrawsQuery,
): Promise<WheelDrawRecords> {
  await loadGameState(dependencies, gameId);
  const { rows, total } = await repository.drawRecords(dependencies.db, gameId, actor?.userId ?? null, {
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return {
    rows: rows.map(({ spin, mine }) => ({
      time: spin.recordedAt!.toISOString(),
      account: spin.account,
      prizeId: spin.prizeId,
      nonce: String(spin.id),
      position: spin.position,
      hash: spin.blockHash!,
      txHash: spin.txHash!,
      mine: Boolean(mine),
      stage: spin.stage === "dispatching" ? "dispatching" : "completed",
    })),
    total,
  };
}
