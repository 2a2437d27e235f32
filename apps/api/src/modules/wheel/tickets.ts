// Tickets: what a user earned in a game (missions of the game, the daily free ticket while it runs, referees who
// finished one of its missions, grants by its managers) minus the spins they took. Earned tickets are written as
// grants when the user's tickets are read or spent, one row per source, so a source grants once however often
// and however concurrently it is read.
import { randomUUID } from "node:crypto";
import type { DbWriter, Tx } from "@dropfair/db";
import type { WheelTickets } from "@dropfair/schemas/wheel";
import { wheelStatuses } from "@dropfair/schemas/wheel";
import type { Actor, WheelDependencies } from "./dependencies.ts";
import { wheelErrors } from "./errors.ts";
import { canManage, loadGameState } from "./games.ts";
import * as repository from "./repository.ts";
import { allFunded, gameStatus } from "./views.ts";

type Session = NonNullable<Actor>;

/** The UTC day of a moment: the daily free ticket's source. */
function utcDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** Writes the grants the user has earned so far in the game (idempotent). */
export async function syncEarnedTickets(
  dependencies: WheelDependencies,
  db: DbWriter,
  game: repository.GameRow,
  userId: number,
  running: boolean,
): Promise<void> {
  const now = dependencies.now();
  const campaign = await dependencies.missions.findCampaign(game.id, db);
  if (campaign) {
    for (const completion of await dependencies.missions.ticketCompletions(db, campaign.id, [userId])) {
      await repository.insertGrant(db, {
        gameId: game.id,
        userId,
        reason: "mission",
        sourceId: String(completion.missionId),
        count: completion.tickets,
        createdAt: completion.completedAt,
      });
    }
    if (game.referralTickets > 0) {
      for (const refereeUserId of await repository.refereesWithMission(db, userId, campaign.id)) {
        await repository.insertGrant(db, {
          gameId: game.id,
          userId,
          reason: "referral",
          sourceId: String(refereeUserId),
          count: game.referralTickets,
          createdAt: now,
        });
      }
    }
  }
  if (game.dailyFreeTicket && running) {
    await repository.insertGrant(db, {
      gameId: game.id,
      userId,
      reason: "daily",
      sourceId: utcDay(now),
      count: 1,
      createdAt: now,
    });
  }
}

/** The user's balance: earned minus spent (a voucher given out holds its ticket). */
export async function ticketBalance(db: DbWriter, gameId: number, userId: number) {
  const [grants, spent] = await Promise.all([
    repository.grantsOf(db, gameId, userId),
    repository.spinCountOf(db, gameId, userId),
  ]);
  const earned = grants.reduce((sum, grant) => sum + grant.count, 0);
  return { grants, spent, balance: Math.max(0, earned - spent) };
}

/** The signed-in user's tickets of a game: the balance and every grant (time, count, reason). */
export async function ticketsOf(
  dependencies: WheelDependencies,
  actor: Session,
  gameId: number,
): Promise<WheelTickets> {
  const { db } = dependencies;
  const { game, status } = await loadGameState(dependencies, gameId);
  await db.transaction((tx) =>
    syncEarnedTickets(dependencies, tx, game, actor.userId, status === wheelStatuses.running),
  );
  const [{ grants, spent, balance }, openVoucher] = await Promise.all([
    ticketBalance(db, gameId, actor.userId),
    repository.hasIssuedSpin(db, gameId, actor.userId),
  ]);
  return {
    balance,
    spent,
    openVoucher,
    rows: grants.map((grant) => ({
      time: grant.createdAt.toISOString(),
      count: grant.count,
      reason: grant.reason,
      note: grant.note,
    })),
  };
}

/**
 * A manager gives tickets to a wallet that has signed in before (each grant its own row under a random id, `admin` reason; an administrator acting on a partner game is audited). Not once the game is over.
 */
export async function grantTickets(
  dependencies: WheelDependencies,
  actor: Session,
  gameId: number,
  body: { address: string; count: number; note?: string | undefined },
): Promise<{ granted: number }> {
  const { db, now } = dependencies;
  return db.transaction(async (tx: Tx) => {
    const game = await repository.lockGame(tx, gameId);
    if (!game) throw wheelErrors.notFound();
    if (!canManage(dependencies, actor, game)) throw wheelErrors.notCreator();
    const status = gameStatus(game, allFunded(await repository.prizesOf(tx, gameId)), now());
    if (status === wheelStatuses.closed || status === wheelStatuses.ended || status === wheelStatuses.error)
      throw wheelErrors.alreadyOver();
    const userId = await repository.userIdOfAddress(tx, body.address);
    if (userId === undefined) throw wheelErrors.notFound();
    const at = now();
    await repository.insertGrant(tx, {
      gameId,
      userId,
      reason: "admin",
      sourceId: randomUUID(),
      count: body.count,
      note: body.note ?? null,
      grantedByUserId: actor.userId,
      createdAt: at,
    });
    if (actor.userId !== game.creatorUserId) {
      await dependencies.audit(tx, {
        actorUserId: actor.userId,
        action: "wheel.grantTickets",
        targetKind: "wheelGame",
        targetId: String(gameId),
        details: { address: body.address, count: body.count },
      });
    }
    return { granted: body.count };
  });
}
