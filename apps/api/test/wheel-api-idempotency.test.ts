// T15 on the lucky wheel: every route that takes an Idempotency-Key (create, ticket grant, spin voucher, claim
// voucher) answers a retry with the same key with the first answer, marked as replayed, and has one effect; the
// same key on another request is refused with 409 (typeCode 440).
import { and, eq, wheelClaims, wheelGames, wheelSpins, wheelTicketGrants } from "@dropfair/db";
import type { WheelGameDetail } from "@dropfair/schemas/wheel";
import { describe, expect, it } from "vitest";
import { inFlight } from "./idempotency-helper.ts";
import {
  call,
  context,
  createGame,
  creatorToken,
  deployment,
  fundTokenPrize,
  gameBody,
  grant,
  player,
  playerToken,
  spin,
  useWheelApi,
} from "./wheel-helper.ts";

useWheelApi();

const db = () => context.database.db;
const keyed = (key: string) => ({ "idempotency-key": key });

/** The retry's answer is the first one, marked as replayed. */
async function sentTwice(
  method: "POST",
  url: string,
  options: { token: string; body?: unknown; headers: Record<string, string> },
) {
  const first = await context.app.inject({
    method,
    url: `/api/bounty/wheel${url}`,
    headers: { authorization: `Bearer ${options.token}`, ...options.headers },
    ...(options.body !== undefined ? { payload: options.body as Record<string, unknown> } : {}),
  });
  const second = await context.app.inject({
    method,
    url: `/api/bounty/wheel${url}`,
    headers: { authorization: `Bearer ${options.token}`, ...options.headers },
    ...(options.body !== undefined ? { payload: options.body as Record<string, unknown> } : {}),
  });
  expect(first.statusCode).toBe(200);
  expect(first.headers["idempotent-replayed"]).toBeUndefined();
  expect(second.statusCode).toBe(200);
  expect(second.headers["idempotent-replayed"]).toBe("true");
  expect(second.json()).toEqual(first.json());
  return first.json().content;
}

const refusedAsInFlight = (response: { status: number; body: unknown }) =>
  expect({ status: response.status, body: response.body }).toEqual({ status: 409, body: inFlight });

describe("retries with one Idempotency-Key (T15)", () => {
  it("POST /games: one game, the same answer; the key with another body is refused", async () => {
    const body = gameBody({ title: "Idempotent wheel" });
    const headers = keyed("wheel-create-1");
    const game = (await sentTwice("POST", "/games", {
      token: creatorToken,
      body,
      headers,
    })) as WheelGameDetail;
    const rows = await db().select().from(wheelGames).where(eq(wheelGames.title, "Idempotent wheel"));
    expect(rows.map((row) => row.id)).toEqual([game.id]);
    refusedAsInFlight(
      await call("POST", "/games", { token: creatorToken, body: { ...body, title: "Other" }, headers }),
    );
    expect(await db().select().from(wheelGames).where(eq(wheelGames.title, "Other"))).toEqual([]);
  });

  it("POST /games/{id}/tickets/grant: tickets given once; the key with another count is refused", async () => {
    const game = await createGame();
    const url = `/games/${game.id}/tickets/grant`;
    const headers = keyed(`grant-${game.id}`);
    const body = { address: player.address, count: 2 };
    expect(await sentTwice("POST", url, { token: creatorToken, body, headers })).toEqual({ granted: 2 });
    refusedAsInFlight(await call("POST", url, { token: creatorToken, body: { ...body, count: 3 }, headers }));
    const grants = await db().select().from(wheelTicketGrants).where(eq(wheelTicketGrants.gameId, game.id));
    expect(grants.map((row) => row.count)).toEqual([2]);
  });

  it("POST /games/{id}/spins: one voucher and one ticket spent; the key on another game is refused", async () => {
    const game = await createGame();
    const other = await createGame();
    await grant(game.id, player.address, 2);
    await grant(other.id, player.address, 1);
    const headers = keyed(`spin-${game.id}`);
    const voucher = (await sentTwice("POST", `/games/${game.id}/spins`, { token: playerToken, headers })) as {
      spinId: number;
    };
    const spins = await db().select().from(wheelSpins).where(eq(wheelSpins.gameId, game.id));
    expect(spins.map((row) => row.id)).toEqual([voucher.spinId]);
    refusedAsInFlight(await call("POST", `/games/${other.id}/spins`, { token: playerToken, headers }));
    expect(await db().select().from(wheelSpins).where(eq(wheelSpins.gameId, other.id))).toEqual([]);
  });

  it("POST /games/{id}/prizes/{prizeId}/claim: one claim voucher; the key on another prize is refused", async () => {
    const game = await createGame({
      prizes: [{ kind: "token", amount: "1", weight: 1, count: 2, token: deployment.testToken }],
    });
    expect((await fundTokenPrize(game, "p1")).body.content).toMatchObject({ status: 1 });
    await grant(game.id, player.address, 1);
    expect(await spin(game.id)).toMatchObject({ prizeId: "p1" });
    const headers = keyed(`claim-${game.id}`);
    const voucher = (await sentTwice("POST", `/games/${game.id}/prizes/p1/claim`, {
      token: playerToken,
      headers,
    })) as { claimId: number };
    const claims = await db()
      .select()
      .from(wheelClaims)
      .where(and(eq(wheelClaims.gameId, game.id), eq(wheelClaims.prizeId, "p1")));
    expect(claims.map((row) => row.id)).toEqual([voucher.claimId]);
    refusedAsInFlight(
      await call("POST", `/games/${game.id}/prizes/p2/claim`, { token: playerToken, headers }),
    );
  });
});
