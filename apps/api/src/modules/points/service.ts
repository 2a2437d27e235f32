// The points use cases: a user's balance, level and history, the leaderboard, administrators' grants.
import { randomUUID } from "node:crypto";
import { toChecksumAddress } from "@dropfair/core/address";
import { type LevelRules, levelOf } from "@dropfair/core/points";
import type { Db } from "@dropfair/db";
import type {
  Leaderboard,
  PointsGrantBody,
  PointsGrantsPage,
  PointsHistoryPage,
  PointsSummary,
} from "@dropfair/schemas/points";
import type { Session } from "../../platform/auth.ts";
import { recordAdminAction } from "../admin/index.ts";
import { pointsErrors } from "./errors.ts";
import { adminGrantSourceKind, creditPoints, pointsOf } from "./ledger.ts";
import {
  historyOf,
  historyParamsOf,
  insertGrant,
  listGrants,
  standingOf,
  topBalances,
  userIdOfAddress,
} from "./repository.ts";

export type PointsSettings = LevelRules & { pointName: string };

type Page = { page: number; pageSize: number };

export function createPointsService({ db, settings }: { db: Db; settings: PointsSettings }) {
  const rules = { startLevel: settings.startLevel, pointsPerLevel: settings.pointsPerLevel };
  const levelAt = (points: number) => levelOf(points, rules).level;
  const slice = ({ page, pageSize }: Page) => ({ offset: (page - 1) * pageSize, limit: pageSize });

  async function summary(userId: number): Promise<PointsSummary> {
    const points = await pointsOf(db, userId);
    return {
      points,
      ...levelOf(points, rules),
      pointsPerLevel: settings.pointsPerLevel,
      pointName: settings.pointName,
    };
  }

  async function history(userId: number, page: Page): Promise<PointsHistoryPage> {
    const { rows, total } = await historyOf(db, userId, slice(page));
    const paramsOf = await historyParamsOf(db, rows);
    return {
      rows: rows.map((row) => ({
        ...row,
        params: paramsOf(row),
        amount: Number(row.amount),
        createdAt: row.createdAt.toISOString(),
      })),
      total,
      ...page,
    };
  }

  async function leaderboard(limit: number, viewer: Session | null): Promise<Leaderboard> {
    // The two reads go out together: the caller waits for one round trip, not two.
    const [top, standing] = await Promise.all([
      topBalances(db, limit),
      viewer ? standingOf(db, viewer.userId) : undefined,
    ]);
    const rows = top.map((row) => ({
      rank: row.rank,
      address: toChecksumAddress(row.address),
      points: row.points,
      level: levelAt(row.points),
    }));
    const me =
      viewer && standing
        ? { ...standing, address: toChecksumAddress(viewer.address), level: levelAt(standing.points) }
        : null;
    return { rows, me, pointName: settings.pointName };
  }

  /**
   * An administrator grants (positive) or revokes (negative) points. The grant, its ledger row and its audit
   * row land in one transaction; a revocation larger than the balance is refused and leaves nothing.
   */
  async function grant(actor: Session, body: PointsGrantBody) {
    const id = randomUUID();
    return db.transaction(async (tx) => {
      const userId = await userIdOfAddress(tx, body.address);
      if (userId === undefined) throw pointsErrors.userUnknown();
      const grantRow = { id, userId, actorUserId: actor.userId, amount: body.amount, reason: body.reason };
      const createdAt = await insertGrant(tx, grantRow);
      await creditPoints(tx, {
        userId,
        amount: body.amount,
        reason: body.reason,
        sourceKind: adminGrantSourceKind,
        sourceId: id,
      });
      await recordAdminAction(tx, {
        actorUserId: actor.userId,
        action: body.amount > 0 ? "points.grant" : "points.revoke",
        targetKind: "user",
        targetId: String(userId),
        details: {
          grantId: id,
          address: toChecksumAddress(body.address),
          amount: body.amount,
          reason: body.reason,
        },
      });
      return {
        id,
        address: toChecksumAddress(body.address),
        amount: body.amount,
        reason: body.reason,
        actor: toChecksumAddress(actor.address),
        createdAt: createdAt.toISOString(),
        balance: await pointsOf(tx, userId),
      };
    });
  }

  async function grants(page: Page): Promise<PointsGrantsPage> {
    const { rows, total } = await listGrants(db, slice(page));
    return {
      rows: rows.map((row) => ({
        ...row,
        address: toChecksumAddress(row.address),
        actor: toChecksumAddress(row.actor),
        createdAt: row.createdAt.toISOString(),
      })),
      total,
      ...page,
    };
  }

  return {
    settings,
    summary,
    history,
    leaderboard,
    standing: (userId: number) => standingOf(db, userId),
    grant,
    grants,
  };
}

export type PointsService = ReturnType<typeof createPointsService>;
