// T8 for the reads of a lucky wheel game, generated from the route table: the game, its draw records and its game
// file are public (anyone can verify the spins); tickets and claims are the signed-in wallet's own, so another
// wallet reads its own empty ones and never the player's; a spin is its player's only.
import { describe, expect, it } from "vitest";
import { documentedRoutes } from "./route-table.ts";
import {
  askVoucher,
  call,
  context,
  createGame,
  grant,
  player,
  playerToken,
  spin,
  strangerToken,
  useWheelApi,
} from "./wheel-helper.ts";

useWheelApi();

type Refusal = { status: number; typeCode: number; message: string };
const signInFirst: Refusal = {
  status: 401,
  typeCode: 420,
  message: "Please connect your wallet and sign in first.",
};
const notYourSpin: Refusal = { status: 403, typeCode: 430, message: "This spin belongs to another account." };
/** The caller's own record: what a wallet with no ticket, spin or win of the game reads. */
type Own = { own: unknown };

/** Each read route of a game: 200 for the caller ("public"), the caller's own (empty) record, or the refusal. */
const reads: Record<string, { anonymous: "public" | Refusal; stranger: "public" | Own | Refusal }> = {
  "/api/bounty/wheel/games/{id}": { anonymous: "public", stranger: "public" },
  "/api/bounty/wheel/games/{id}/draws": { anonymous: "public", stranger: "public" },
  "/api/bounty/wheel/games/{id}/game-file": { anonymous: "public", stranger: "public" },
  "/api/bounty/wheel/games/{id}/tickets": {
    anonymous: signInFirst,
    stranger: { own: { balance: 0, spent: 0, rows: [], openVoucher: false } },
  },
  "/api/bounty/wheel/games/{id}/claims": { anonymous: signInFirst, stranger: { own: { rows: [] } } },
  "/api/bounty/wheel/games/{id}/spins/{spinId}": { anonymous: signInFirst, stranger: notYourSpin },
};

describe("reads of a lucky wheel game (T8)", () => {
  it("cover every read route of the route table", async () => {
    const documented = await documentedRoutes(context.app, {
      methods: ["get"],
      prefix: "/api/bounty/wheel/games/{id}",
    });
    expect(documented).toEqual(
      Object.keys(reads)
        .map((path) => `GET ${path}`)
        .sort(),
    );
  });

  it("answer anyone with the public record, and only the player with the player's own", async () => {
    const game = await createGame();
    await grant(game.id, player.address, 2);
    const recorded = await spin(game.id);
    const pending = (await askVoucher(game.id)).body.content;
    for (const [route, expected] of Object.entries(reads)) {
      const url = route.replace("{id}", String(game.id)).replace("{spinId}", String(recorded.spinId));
      for (const [who, token] of [
        ["anonymous", undefined],
        ["stranger", strangerToken],
      ] as const) {
        const response = await context.app.inject({
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        const wanted = expected[who];
        const body = response.json();
        if (wanted === "public") {
          expect(response.statusCode, `${who} ${route}`).toBe(200);
        } else if ("own" in wanted) {
          expect(response.statusCode, `${who} ${route}`).toBe(200);
          expect(body.content, `${who} ${route}`).toEqual(wanted.own);
        } else {
          expect(
            { status: response.statusCode, typeCode: body.typeCode, message: body.message },
            `${who} ${route}`,
          ).toEqual(wanted);
          expect(body.content, `${who} ${route}`).toBeNull();
        }
      }
    }
    // The player reads what the others may not: a balance, a grant, the spins, a win.
    const tickets = await call<{ balance: number; rows: unknown[]; openVoucher: boolean }>(
      "GET",
      `/games/${game.id}/tickets`,
      { token: playerToken },
    );
    expect(tickets.body.content).toMatchObject({ balance: 0, openVoucher: true });
    expect(tickets.body.content.rows).toHaveLength(1);
    for (const spinId of [recorded.spinId, pending.spinId]) {
      const own = await call("GET", `/games/${game.id}/spins/${spinId}`, { token: playerToken });
      expect(own.status).toBe(200);
      const other = await call("GET", `/games/${game.id}/spins/${spinId}`, { token: strangerToken });
      expect({ status: other.status, content: other.body.content }).toEqual({ status: 403, content: null });
    }
    // The public records name the player's spin, but to a stranger it is not their own.
    const draws = await call<{ rows: { nonce: string; mine: boolean }[] }>("GET", `/games/${game.id}/draws`, {
      token: strangerToken,
    });
    expect(draws.body.content.rows).toEqual([
      expect.objectContaining({ nonce: recorded.nonce, mine: false }),
    ]);
  });
});
