// Who may do what on the lucky wheel (T8, T10): every mutating route of the route table, called anonymously, by
// another signed-in user, by the owner (the game's creator, or the spin's or claim's player) and, where it
// applies, by an administrator acting on a partner game. A refusal changes nothing.
import { adminActions, eq, wheelClaims, wheelGames, wheelSpins, wheelTicketGrants } from "@dropfair/db";
import type { Mission } from "@dropfair/schemas/missions";
import type { WheelGameDetail, WheelSpinVoucher } from "@dropfair/schemas/wheel";
import { beforeAll, describe, expect, it } from "vitest";
import { signIn } from "./helper.ts";
import { documentedRoutes } from "./route-table.ts";
import {
  admin,
  adminToken,
  askVoucher,
  call,
  chain,
  context,
  createGame,
  creatorToken,
  gameBody,
  grant,
  player,
  playerToken,
  strangerToken,
  useWheelApi,
} from "./wheel-helper.ts";

const secondAdmin = () => chain.account(6);
useWheelApi();

const signInFirst = { status: 401, typeCode: 420 };
const notCreator = { status: 403, typeCode: 700, message: "You Are Not The Creator" };

function outcome(response: { status: number; body: { typeCode: number; message: string } }) {
  return { status: response.status, typeCode: response.body.typeCode, message: response.body.message };
}

/** Every mutating wheel route and the test below that calls it anonymously, as a stranger and as the owner. */
const covered = [
  "POST /api/bounty/wheel/games",
  "POST /api/bounty/wheel/games/{id}/close",
  "POST /api/bounty/wheel/games/{id}/prizes/{prizeId}/funding",
  "POST /api/bounty/wheel/games/{id}/missions",
  "DELETE /api/bounty/wheel/games/{id}/missions/{missionId}",
  "POST /api/bounty/wheel/games/{id}/tickets/grant",
  "POST /api/bounty/wheel/games/{id}/spins",
  "POST /api/bounty/wheel/games/{id}/spins/{spinId}/transaction",
  "POST /api/bounty/wheel/games/{id}/prizes/{prizeId}/claim",
  "POST /api/bounty/wheel/games/{id}/claims/{claimId}/transaction",
];

let secondAdminToken: string;
beforeAll(async () => {
  secondAdminToken = (await signIn(context.app, secondAdmin())).token;
});

describe("authorisation of every mutating wheel route", () => {
  it("covers the route table", async () => {
    const routes = await documentedRoutes(context.app, {
      methods: ["post", "put", "patch", "delete"],
      prefix: "/api/bounty/wheel",
    });
    expect(routes).toEqual([...covered].sort());
  });

  it("POST /games: anonymous 401; any wallet makes its own; partner games only by administrators (audited)", async () => {
    const anonymous = await call("POST", "/games", { body: gameBody() });
    expect(outcome(anonymous)).toMatchObject(signInFirst);
    const own = await createGame({}, strangerToken);
    expect(own.canManage).toBe(true);
    const partner = await call("POST", "/games", {
      token: strangerToken,
      body: gameBody({ partnerSlug: "aurora" }),
    });
    expect(outcome(partner)).toEqual({
      status: 403,
      typeCode: 709,
      message: "Partner games are created by platform administrators only.",
    });
    const made = await createGame({ partnerSlug: "aurora" }, adminToken);
    expect(made.partnerSlug).toBe("aurora");
    const audit = await context.database.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.targetId, String(made.id)));
    expect(audit.map((row) => row.action)).toEqual(["wheel.createPartnerGame"]);
  });

  it("POST /games/{id}/close: only the creator, or any administrator for a partner game", async () => {
    const game = await createGame();
    expect(outcome(await call("POST", `/games/${game.id}/close`))).toMatchObject(signInFirst);
    expect(outcome(await call("POST", `/games/${game.id}/close`, { token: strangerToken }))).toEqual(
      notCreator,
    );
    expect(outcome(await call("POST", `/games/${game.id}/close`, { token: adminToken }))).toEqual(notCreator);
    const [untouched] = await context.database.db.select().from(wheelGames).where(eq(wheelGames.id, game.id));
    expect(untouched!.closedAt).toBeNull();
    const closed = await call<WheelGameDetail>("POST", `/games/${game.id}/close`, { token: creatorToken });
    expect(closed.body.content.status).toBe(2);
    const partner = await createGame({ partnerSlug: "nebula" }, adminToken);
    expect(outcome(await call("POST", `/games/${partner.id}/close`, { token: creatorToken }))).toEqual(
      notCreator,
    );
    const byOtherAdmin = await call<WheelGameDetail>("POST", `/games/${partner.id}/close`, {
      token: secondAdminToken,
    });
    expect(byOtherAdmin.body.content.status).toBe(2);
    const audit = await context.database.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.targetId, String(partner.id)));
    expect(audit.map((row) => row.action)).toContain("wheel.close");
  });

  it("POST /games/{id}/prizes/{prizeId}/funding: only the creator gets as far as the chain check", async () => {
    const game = await createGame();
    const url = `/games/${game.id}/prizes/p1/funding`;
    const body = { campaignId: "999" };
    expect(outcome(await call("POST", url, { body }))).toMatchObject(signInFirst);
    expect(outcome(await call("POST", url, { token: strangerToken, body }))).toEqual(notCreator);
    // The creator's request is authorised; an EP prize is not funded on chain.
    const own = await call("POST", url, { token: creatorToken, body });
    expect(outcome(own)).toMatchObject({ status: 400, typeCode: 708 });
  });

  it("POST and DELETE /games/{id}/missions: the game's managers only", async () => {
    const game = await createGame();
    const body = {
      kind: "telegram_join",
      title: "Join us",
      parameters: { chatId: "@dropfair_sandbox", url: "https://t.me/dropfair_sandbox" },
      rewardEp: 0,
      rewardTickets: 2,
    };
    expect(outcome(await call("POST", `/games/${game.id}/missions`, { body }))).toMatchObject(signInFirst);
    expect(outcome(await call("POST", `/games/${game.id}/missions`, { token: strangerToken, body }))).toEqual(
      notCreator,
    );
    const created = await call<Mission>("POST", `/games/${game.id}/missions`, { token: creatorToken, body });
    expect(created.body.message).toBe("success");
    const missionId = created.body.content.id;
    const url = `/games/${game.id}/missions/${missionId}`;
    expect(outcome(await call("DELETE", url))).toMatchObject(signInFirst);
    expect(outcome(await call("DELETE", url, { token: strangerToken }))).toEqual(notCreator);
    // Another game's owner cannot reach this mission through their own game either.
    const other = await createGame({}, strangerToken);
    const sideways = await call("DELETE", `/games/${other.id}/missions/${missionId}`, {
      token: strangerToken,
    });
    expect(sideways.status).toBe(403);
    const listed = await context.app.inject({
      url: `/api/bounty/missions/campaigns/${(await call<WheelGameDetail>("GET", `/games/${game.id}`)).body.content.missionCampaignId}`,
    });
    expect(listed.json().content.missions.map((mission: Mission) => mission.id)).toEqual([missionId]);
    expect((await call("DELETE", url, { token: creatorToken })).body.message).toBe("success");
  });

  it("POST /games/{id}/tickets/grant: the creator, or an administrator on a partner game (audited)", async () => {
    const game = await createGame();
    const url = `/games/${game.id}/tickets/grant`;
    const body = { address: player.address, count: 2 };
    expect(outcome(await call("POST", url, { body }))).toMatchObject(signInFirst);
    expect(outcome(await call("POST", url, { token: strangerToken, body }))).toEqual(notCreator);
    expect(outcome(await call("POST", url, { token: playerToken, body }))).toEqual(notCreator);
    expect(outcome(await call("POST", url, { token: adminToken, body }))).toEqual(notCreator);
    expect(
      await context.database.db.select().from(wheelTicketGrants).where(eq(wheelTicketGrants.gameId, game.id)),
    ).toEqual([]);
    expect((await call("POST", url, { token: creatorToken, body })).body.content).toEqual({ granted: 2 });
    const partner = await createGame({ partnerSlug: "quartz" }, adminToken);
    const byAdmin = await call("POST", `/games/${partner.id}/tickets/grant`, {
      token: secondAdminToken,
      body,
    });
    expect(byAdmin.body.content).toEqual({ granted: 2 });
    const audit = await context.database.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.targetId, String(partner.id)));
    expect(audit.map((row) => row.action)).toContain("wheel.grantTickets");
  });

  it("POST /games/{id}/spins: signed-in only, and the voucher is always for the caller's own wallet", async () => {
    const game = await createGame();
    await grant(game.id, player.address, 1);
    expect(outcome(await call("POST", `/games/${game.id}/spins`))).toMatchObject(signInFirst);
    // The stranger has no ticket of the player's.
    expect(outcome(await call("POST", `/games/${game.id}/spins`, { token: strangerToken }))).toMatchObject({
      status: 409,
      typeCode: 702,
    });
    const voucher = await askVoucher(game.id);
    expect(voucher.body.content.voucher.account).toBe(player.address);
  });

  it("spin transaction report and spin state: the spin's player only", async () => {
    const game = await createGame();
    await grant(game.id, player.address, 1);
    const voucher = (await askVoucher(game.id)).body.content as WheelSpinVoucher;
    const url = `/games/${game.id}/spins/${voucher.spinId}`;
    const body = { txHash: `0x${"ab".repeat(32)}` };
    expect(outcome(await call("POST", `${url}/transaction`, { body }))).toMatchObject(signInFirst);
    expect(outcome(await call("POST", `${url}/transaction`, { token: strangerToken, body }))).toEqual({
      status: 403,
      typeCode: 430,
      message: "This spin belongs to another account.",
    });
    expect(outcome(await call("GET", url))).toMatchObject(signInFirst);
    expect(outcome(await call("GET", url, { token: strangerToken }))).toMatchObject({ status: 403 });
    // The player's report of an unknown transaction is refused as such (the route let them through).
    expect(outcome(await call("POST", `${url}/transaction`, { token: playerToken, body }))).toMatchObject({
      status: 422,
      typeCode: 705,
    });
    const [row] = await context.database.db
      .select()
      .from(wheelSpins)
      .where(eq(wheelSpins.id, voucher.spinId));
    expect(row!.stage).toBe("issued");
  });

  it("claims: signed-in only; a stranger has nothing to claim and cannot report another player's claim", async () => {
    const game = await createGame();
    const claim = `/games/${game.id}/prizes/p1/claim`;
    expect(outcome(await call("POST", claim))).toMatchObject(signInFirst);
    expect(outcome(await call("POST", claim, { token: strangerToken }))).toEqual({
      status: 404,
      typeCode: 707,
      message: "There is nothing to claim.",
    });
    const [row] = await context.database.db
      .insert(wheelClaims)
      .values({
        gameId: game.id,
        userId: (await context.database.db.select().from(wheelGames).where(eq(wheelGames.id, game.id)))[0]!
          .creatorUserId,
        prizeId: "p1",
        account: player.address,
        amount: "1",
      })
      .returning();
    const url = `/games/${game.id}/claims/${row!.id}/transaction`;
    const body = { txHash: `0x${"cd".repeat(32)}` };
    expect(outcome(await call("POST", url, { body }))).toMatchObject(signInFirst);
    expect(outcome(await call("POST", url, { token: strangerToken, body }))).toMatchObject({ status: 403 });
    expect(outcome(await call("GET", `/games/${game.id}/claims`))).toMatchObject(signInFirst);
    expect(outcome(await call("GET", `/games/${game.id}/tickets`))).toMatchObject(signInFirst);
    expect(admin.address).toBeDefined();
  });
});

describe("administrators: a partner game is theirs to manage, a creator's game is not, a player's spin never", () => {
  /** A creator's game and a partner game (made by the first administrator), each with the player's spin voucher. */
  async function twoGames() {
    const own = await createGame();
    const partner = await createGame({ partnerSlug: "lumen" }, adminToken);
    for (const game of [own, partner])
      await grant(game.id, player.address, 1, game === own ? creatorToken : adminToken);
    const spins = await Promise.all(
      [own, partner].map(async (game) => (await askVoucher(game.id)).body.content),
    );
    return { own, partner, spins: spins as WheelSpinVoucher[] };
  }
  const auditOf = async (gameId: number) =>
    (
      await context.database.db
        .select()
        .from(adminActions)
        .where(eq(adminActions.targetId, String(gameId)))
    ).map((row) => row.action);

  it("funding: refused on a creator's game; on a partner game an administrator gets as far as the chain check", async () => {
    const { own, partner } = await twoGames();
    const body = { campaignId: "999" };
    expect(
      outcome(await call("POST", `/games/${own.id}/prizes/p1/funding`, { token: adminToken, body })),
    ).toEqual(notCreator);
    // Another administrator than the partner game's maker is let through; an EP prize is not funded on chain.
    const byAdmin = await call("POST", `/games/${partner.id}/prizes/p1/funding`, {
      token: secondAdminToken,
      body,
    });
    expect(outcome(byAdmin)).toMatchObject({ status: 400, typeCode: 708 });
    const byCreator = await call("POST", `/games/${partner.id}/prizes/p1/funding`, {
      token: creatorToken,
      body,
    });
    expect(outcome(byCreator)).toEqual(notCreator);
  });

  it("missions: refused on a creator's game; added and removed on a partner game (any administrator)", async () => {
    const { own, partner } = await twoGames();
    const body = {
      kind: "telegram_join",
      title: "Join the partner",
      parameters: { chatId: "@dropfair_sandbox", url: "https://t.me/dropfair_sandbox" },
      rewardEp: 0,
      rewardTickets: 1,
    };
    expect(outcome(await call("POST", `/games/${own.id}/missions`, { token: adminToken, body }))).toEqual(
      notCreator,
    );
    const ownMission = await call<Mission>("POST", `/games/${own.id}/missions`, {
      token: creatorToken,
      body,
    });
    expect(
      outcome(
        await call("DELETE", `/games/${own.id}/missions/${ownMission.body.content.id}`, {
          token: adminToken,
        }),
      ),
    ).toEqual(notCreator);
    const added = await call<Mission>("POST", `/games/${partner.id}/missions`, {
      token: secondAdminToken,
      body,
    });
    expect(added.status).toBe(200);
    expect(added.body.content).toMatchObject({ title: "Join the partner", rewardTickets: 1 });
    expect(
      outcome(
        await call("DELETE", `/games/${partner.id}/missions/${added.body.content.id}`, {
          token: creatorToken,
        }),
      ),
    ).toEqual(notCreator);
    const removed = await call("DELETE", `/games/${partner.id}/missions/${added.body.content.id}`, {
      token: adminToken,
    });
    expect(removed.status).toBe(200);
    const campaign = (await call<WheelGameDetail>("GET", `/games/${partner.id}`)).body.content
      .missionCampaignId;
    const listed = await context.app.inject({ url: `/api/bounty/missions/campaigns/${campaign}` });
    expect(listed.json().content.missions).toEqual([]);
  });

  it("a spin's report and state, a claim and a claim's report: the player's own, on either game", async () => {
    const { own, partner, spins } = await twoGames();
    const notYourSpin = { status: 403, typeCode: 430, message: "This spin belongs to another account." };
    for (const [index, game] of [own, partner].entries()) {
      const url = `/games/${game.id}/spins/${spins[index]!.spinId}`;
      const body = { txHash: `0x${"ab".repeat(32)}` };
      expect(outcome(await call("POST", `${url}/transaction`, { token: adminToken, body }))).toEqual(
        notYourSpin,
      );
      expect(outcome(await call("GET", url, { token: adminToken }))).toMatchObject({ status: 403 });
      expect(outcome(await call("POST", `/games/${game.id}/prizes/p1/claim`, { token: adminToken }))).toEqual(
        {
          status: 404,
          typeCode: 707,
          message: "There is nothing to claim.",
        },
      );
      const [claim] = await context.database.db
        .insert(wheelClaims)
        .values({
          gameId: game.id,
          userId: (
            await context.database.db.select().from(wheelSpins).where(eq(wheelSpins.id, spins[index]!.spinId))
          )[0]!.userId,
          prizeId: "p1",
          account: player.address,
          amount: "1",
        })
        .returning();
      const report = await call("POST", `/games/${game.id}/claims/${claim!.id}/transaction`, {
        token: adminToken,
        body: { txHash: `0x${"cd".repeat(32)}` },
      });
      expect(outcome(report)).toEqual(notYourSpin);
      const [row] = await context.database.db
        .select()
        .from(wheelSpins)
        .where(eq(wheelSpins.id, spins[index]!.spinId));
      expect(row!.stage).toBe("issued");
      const [untouched] = await context.database.db
        .select()
        .from(wheelClaims)
        .where(eq(wheelClaims.id, claim!.id));
      expect([untouched!.claimedAt, untouched!.claimTxHash]).toEqual([null, null]);
    }
    // Nothing an administrator was refused was written down as an administrator's action.
    expect(await auditOf(own.id)).toEqual([]);
    expect(await auditOf(partner.id)).toEqual(["wheel.createPartnerGame"]);
  });
});
