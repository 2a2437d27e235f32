// Who may do what on tips campaigns (T8, T10): every mutating route of the route table, called anonymously, by
// another signed-in user and by the owner (the campaign's creator, the participant, or a helper or an administrator
// where organizers may act). A refusal changes nothing.
import {
  adminActions,
  and,
  eq,
  tipsCampaigns,
  tipsHelpers,
  tipsParticipants,
  tipsReports,
} from "@dropfair/db";
import type { Mission } from "@dropfair/schemas/missions";
import type { TipsBanList, TipsCampaignDetail, TipsHelperList, TipsReportList } from "@dropfair/schemas/tips";
import { describe, expect, it } from "vitest";
import { signIn } from "./helper.ts";
import { documentedRoutes } from "./route-table.ts";
import {
  adminToken,
  alice,
  bob,
  call,
  campaignBody,
  context,
  createCampaign,
  creatorToken,
  join,
  outcome,
  strangerToken,
  useTipsApi,
} from "./tips-helper.ts";

useTipsApi();

const signInFirst = { status: 401, typeCode: 420 };
const notCreator = { status: 403, typeCode: 750, message: "You Are Not The Creator" };
const notOwner = { status: 403, typeCode: 750, message: "You are not owner" };
const notOwnerCn = { status: 403, typeCode: 750, message: "您不是所有者" };
const cn = { "accept-language": "zh-cn" };

/** Every mutating tips route and the test below that calls it anonymously, as a stranger and as the owner. */
const covered = [
  "POST /api/bounty/tips/campaigns",
  "PATCH /api/bounty/tips/campaigns/{id}",
  "POST /api/bounty/tips/campaigns/{id}/funding",
  "POST /api/bounty/tips/campaigns/{id}/missions",
  "DELETE /api/bounty/tips/campaigns/{id}/missions/{missionId}",
  "POST /api/bounty/tips/campaigns/{id}/join",
  "POST /api/bounty/tips/campaigns/{id}/bans",
  "DELETE /api/bounty/tips/campaigns/{id}/bans/{xUserId}",
  "POST /api/bounty/tips/campaigns/{id}/helpers",
  "DELETE /api/bounty/tips/campaigns/{id}/helpers/{address}",
  "POST /api/bounty/tips/campaigns/{id}/reports",
  "POST /api/bounty/tips/campaigns/{id}/reload",
  "POST /api/bounty/tips/campaigns/{id}/confirm",
  "POST /api/bounty/tips/campaigns/{id}/claim",
  "POST /api/bounty/tips/campaigns/{id}/claims/{claimId}/transaction",
  "POST /api/bounty/tips/campaigns/{id}/refund",
];

async function helperRows(campaignId: number) {
  const rows = await context.database.db
    .select()
    .from(tipsHelpers)
    .where(eq(tipsHelpers.campaignId, campaignId));
  return rows.map((row) => row.address);
}

async function aliceIn(campaignId: number) {
  const [row] = await context.database.db
    .select()
    .from(tipsParticipants)
    .where(and(eq(tipsParticipants.campaignId, campaignId), eq(tipsParticipants.xUserId, alice.xUserId)));
  return row!;
}

async function campaignRow(id: number) {
  const [row] = await context.database.db.select().from(tipsCampaigns).where(eq(tipsCampaigns.id, id));
  return row!;
}

describe("authorisation of every mutating tips route", () => {
  it("covers the route table", async () => {
    const routes = await documentedRoutes(context.app, {
      methods: ["post", "put", "patch", "delete"],
      prefix: "/api/bounty/tips",
    });
    expect(routes).toEqual([...covered].sort());
  });

  it("POST /campaigns: anonymous 401; any signed-in wallet creates its own", async () => {
    expect(outcome(await call("POST", "/campaigns", { body: campaignBody() }))).toMatchObject(signInFirst);
    const own = await createCampaign({}, strangerToken);
    expect(own.canManage).toBe(true);
    expect(own.status).toBe(0);
    expect((await call<TipsCampaignDetail>("GET", `/campaigns/${own.id}`)).body.content.canManage).toBe(
      false,
    );
  });

  it("PATCH /campaigns/{id}: only the creator, and nothing changes for anyone else", async () => {
    const campaign = await createCampaign();
    const body = { title: "Taken over" };
    expect(outcome(await call("PATCH", `/campaigns/${campaign.id}`, { body }))).toMatchObject(signInFirst);
    expect(outcome(await call("PATCH", `/campaigns/${campaign.id}`, { token: strangerToken, body }))).toEqual(
      notCreator,
    );
    expect(outcome(await call("PATCH", `/campaigns/${campaign.id}`, { token: adminToken, body }))).toEqual(
      notCreator,
    );
    expect((await campaignRow(campaign.id)).title).toBe("Post about Dropfair");
    const edited = await call<TipsCampaignDetail>("PATCH", `/campaigns/${campaign.id}`, {
      token: creatorToken,
      body,
    });
    expect(edited.body.content.title).toBe("Taken over");
    expect((await campaignRow(campaign.id)).title).toBe("Taken over");
  });

  it("POST /campaigns/{id}/funding: only the creator gets as far as the chain check", async () => {
    const campaign = await createCampaign();
    const url = `/campaigns/${campaign.id}/funding`;
    const body = { campaignId: "999" };
    expect(outcome(await call("POST", url, { body }))).toMatchObject(signInFirst);
    expect(outcome(await call("POST", url, { token: strangerToken, body }))).toEqual(notCreator);
    // The creator's request is authorised; distributor campaign 999 does not exist.
    const own = await call("POST", url, { token: creatorToken, body });
    expect(outcome(own)).toEqual({
      status: 422,
      typeCode: 754,
      message: "This campaign cannot fund the prize: its campaign does not match.",
    });
    expect((await campaignRow(campaign.id)).fundedAt).toBeNull();
  });

  it("POST and DELETE /campaigns/{id}/missions: the creator only", async () => {
    const campaign = await createCampaign();
    const body = {
      kind: "telegram_join",
      title: "Join us",
      parameters: { chatId: "@dropfair_sandbox", url: "https://t.me/dropfair_sandbox" },
      rewardEp: 0,
    };
    const url = `/campaigns/${campaign.id}/missions`;
    expect(outcome(await call("POST", url, { body }))).toMatchObject(signInFirst);
    expect(outcome(await call("POST", url, { token: strangerToken, body }))).toEqual(notCreator);
    const created = await call<Mission>("POST", url, { token: creatorToken, body });
    expect(created.body.message).toBe("success");
    const missionId = created.body.content.id;
    const one = `/campaigns/${campaign.id}/missions/${missionId}`;
    expect(outcome(await call("DELETE", one))).toMatchObject(signInFirst);
    expect(outcome(await call("DELETE", one, { token: strangerToken }))).toEqual(notCreator);
    // Another campaign's creator cannot reach this mission through their own campaign either.
    const other = await createCampaign({}, strangerToken);
    const sideways = await call("DELETE", `/campaigns/${other.id}/missions/${missionId}`, {
      token: strangerToken,
    });
    expect(sideways.status).toBe(403);
    const listed = await context.app.inject({
      url: `/api/bounty/missions/campaigns/${campaign.missionCampaignId}`,
    });
    expect(listed.json().content.missions.map((mission: Mission) => mission.id)).toEqual([missionId]);
    expect((await call("DELETE", one, { token: creatorToken })).body.message).toBe("success");
  });

  it("POST /campaigns/{id}/join: anonymous 401; a wallet joins only for itself, with its own X account", async () => {
    const campaign = await createCampaign();
    const url = `/campaigns/${campaign.id}/join`;
    expect(outcome(await call("POST", url, { xToken: alice.xToken }))).toMatchObject(signInFirst);
    // A wallet with no X account bound and no X session cannot join.
    expect(outcome(await call("POST", url, { token: strangerToken }))).toEqual({
      status: 403,
      typeCode: 759,
      message: "Please bind your X account first.",
    });
    const joined = await join(campaign.id, alice);
    expect(joined.body.content.me).toEqual({
      joined: true,
      banned: false,
      xUserId: alice.xUserId,
      reloadAvailableAt: null,
    });
    // Another wallet cannot take part with Alice's X account (it is bound to her wallet).
    const sideways = await call("POST", url, { token: bob.token, xToken: alice.xToken });
    expect(sideways.status).toBe(409);
    const rows = await context.database.db
      .select()
      .from(tipsParticipants)
      .where(eq(tipsParticipants.campaignId, campaign.id));
    expect(rows.map((row) => row.xUserId)).toEqual([alice.xUserId]);
    expect((await join(campaign.id, alice)).body.content.participants).toBe(1);
  });

  it("POST and DELETE /campaigns/{id}/bans: organizers only (the creator, administrators audited)", async () => {
    const campaign = await createCampaign();
    await join(campaign.id, alice);
    await join(campaign.id, bob);
    const url = `/campaigns/${campaign.id}/bans`;
    const body = { xUserId: alice.xUserId, reason: "bought views" };
    expect(outcome(await call("POST", url, { body }))).toMatchObject(signInFirst);
    expect(outcome(await call("POST", url, { token: strangerToken, body }))).toEqual(notOwner);
    expect(outcome(await call("POST", url, { token: bob.token, body }))).toEqual(notOwner);
    expect(outcome(await call("POST", url, { token: bob.token, body, headers: cn }))).toEqual(notOwnerCn);
    const [untouched] = await context.database.db
      .select()
      .from(tipsParticipants)
      .where(eq(tipsParticipants.xUserId, alice.xUserId));
    expect(untouched!.bannedAt).toBeNull();
    const banned = await call<TipsBanList>("POST", url, { token: creatorToken, body });
    expect(banned.body.content.rows.map((row) => [row.user.xUserId, row.reason])).toEqual([
      [alice.xUserId, "bought views"],
    ]);
    const byAdmin = await call<TipsBanList>("POST", url, {
      token: adminToken,
      body: { xUserId: bob.xUserId, reason: "spam" },
    });
    expect(byAdmin.body.content.total).toBe(2);
    const audit = await context.database.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.targetId, String(campaign.id)));
    expect(audit.map((row) => row.action)).toEqual(["tips.ban"]);

    const one = `/campaigns/${campaign.id}/bans/${alice.xUserId}`;
    expect(outcome(await call("DELETE", one))).toMatchObject(signInFirst);
    expect(outcome(await call("DELETE", one, { token: strangerToken }))).toEqual(notOwner);
    expect(outcome(await call("DELETE", one, { token: alice.token }))).toEqual(notOwner);
    expect(outcome(await call("DELETE", one, { token: alice.token, headers: cn }))).toEqual(notOwnerCn);
    expect((await aliceIn(campaign.id)).bannedAt).not.toBeNull();
    const lifted = await call<TipsBanList>("DELETE", one, { token: creatorToken });
    expect(lifted.body.content.rows.map((row) => row.user.xUserId)).toEqual([bob.xUserId]);
  });

  it("POST /campaigns/{id}/reports: anyone signed in reports once; only organizers read the reports", async () => {
    const campaign = await createCampaign();
    await join(campaign.id, alice);
    const url = `/campaigns/${campaign.id}/reports`;
    const body = { xUserId: alice.xUserId, reason: "copies other people's posts" };
    expect(outcome(await call("POST", url, { body }))).toMatchObject(signInFirst);
    const first = await call<{ reported: boolean }>("POST", url, { token: strangerToken, body });
    expect(first.body.content).toEqual({ reported: true });
    const again = await call<{ reported: boolean }>("POST", url, { token: strangerToken, body });
    expect(again.body.content).toEqual({ reported: false });
    expect(
      await context.database.db.select().from(tipsReports).where(eq(tipsReports.campaignId, campaign.id)),
    ).toHaveLength(1);
    expect(outcome(await call("GET", url))).toMatchObject(signInFirst);
    expect(outcome(await call("GET", url, { token: strangerToken }))).toEqual(notOwner);
    expect(outcome(await call("GET", url, { token: strangerToken, headers: cn }))).toEqual(notOwnerCn);
    const read = await call<TipsReportList>("GET", url, { token: creatorToken });
    expect(read.body.content.rows.map((row) => [row.user.xUserId, row.reason])).toEqual([
      [alice.xUserId, "copies other people's posts"],
    ]);
    expect((await call<TipsReportList>("GET", url, { token: adminToken })).body.content.rows).toHaveLength(1);
  });

  it("POST, GET and DELETE /campaigns/{id}/helpers: the creator manages them, organizers read them", async () => {
    const campaign = await createCampaign();
    const helper = await signIn(context.app);
    const url = `/campaigns/${campaign.id}/helpers`;
    const body = { address: helper.wallet.address.toLowerCase() };
    const one = `${url}/${helper.wallet.address}`;
    for (const [method, path] of [
      ["POST", url],
      ["GET", url],
      ["DELETE", one],
    ] as const) {
      expect(outcome(await call(method, path, { body: method === "POST" ? body : undefined }))).toMatchObject(
        signInFirst,
      );
    }
    // Another wallet, an administrator and a participant cannot name helpers.
    for (const token of [strangerToken, adminToken, alice.token]) {
      expect(outcome(await call("POST", url, { token, body }))).toEqual(notOwner);
      expect(outcome(await call("POST", url, { token, body, headers: cn }))).toEqual(notOwnerCn);
    }
    expect(await helperRows(campaign.id)).toEqual([]);
    expect(
      outcome(await call("POST", url, { token: creatorToken, body: { address: "0x1234" } })),
    ).toMatchObject({
      status: 400,
    });
    // The creator names one by any valid spelling of the address; it is answered checksummed.
    const added = await call<TipsHelperList>("POST", url, {
      token: creatorToken,
      body,
      headers: { "idempotency-key": "helpers-add-1" },
    });
    expect(added.body.content.rows.map((row) => row.address)).toEqual([helper.wallet.address]);
    const replayed = await call<TipsHelperList>("POST", url, {
      token: creatorToken,
      body,
      headers: { "idempotency-key": "helpers-add-1" },
    });
    expect(replayed.body.content).toEqual(added.body.content);
    expect(await helperRows(campaign.id)).toEqual([helper.wallet.address]);
    // A helper cannot name or remove helpers either.
    const other = { address: alice.account.address };
    expect(outcome(await call("POST", url, { token: helper.token, body: other }))).toEqual(notOwner);
    expect(outcome(await call("DELETE", one, { token: helper.token }))).toEqual(notOwner);
    expect(outcome(await call("DELETE", one, { token: helper.token, headers: cn }))).toEqual(notOwnerCn);
    expect(outcome(await call("DELETE", one, { token: strangerToken }))).toEqual(notOwner);
    expect(outcome(await call("DELETE", one, { token: adminToken }))).toEqual(notOwner);
    expect(await helperRows(campaign.id)).toEqual([helper.wallet.address]);
    // Organizers read the list; anyone else is refused.
    expect(outcome(await call("GET", url, { token: strangerToken }))).toEqual(notOwner);
    expect(outcome(await call("GET", url, { token: alice.token, headers: cn }))).toEqual(notOwnerCn);
    for (const token of [creatorToken, helper.token, adminToken]) {
      const read = await call<TipsHelperList>("GET", url, { token });
      expect(read.body.content.rows.map((row) => row.address)).toEqual([helper.wallet.address]);
    }
    const removed = await call<TipsHelperList>("DELETE", one, { token: creatorToken });
    expect(removed.body.content.rows).toEqual([]);
    expect(await helperRows(campaign.id)).toEqual([]);
  });

  it("a helper bans, lifts and reads reports (not audited), but manages nothing else; removed, they are refused", async () => {
    const campaign = await createCampaign();
    await join(campaign.id, alice);
    const helper = await signIn(context.app);
    const base = `/campaigns/${campaign.id}`;
    await call("POST", `${base}/helpers`, { token: creatorToken, body: { address: helper.wallet.address } });
    const flags = async (token: string) => {
      const detail = (await call<TipsCampaignDetail>("GET", base, { token })).body.content;
      return { canManage: detail.canManage, canModerate: detail.canModerate };
    };
    expect(await flags(creatorToken)).toEqual({ canManage: true, canModerate: true });
    expect(await flags(helper.token)).toEqual({ canManage: false, canModerate: true });
    expect(await flags(adminToken)).toEqual({ canManage: false, canModerate: true });
    expect(await flags(strangerToken)).toEqual({ canManage: false, canModerate: false });

    const body = { xUserId: alice.xUserId, reason: "bought views" };
    const banned = await call<TipsBanList>("POST", `${base}/bans`, { token: helper.token, body });
    expect(banned.body.content.rows.map((row) => [row.user.xUserId, row.reason])).toEqual([
      [alice.xUserId, "bought views"],
    ]);
    await call("POST", `${base}/reports`, {
      token: strangerToken,
      body: { xUserId: alice.xUserId, reason: "spam" },
    });
    const reports = await call<TipsReportList>("GET", `${base}/reports`, { token: helper.token });
    expect(reports.body.content.rows.map((row) => row.reason)).toEqual(["spam"]);
    const lifted = await call<TipsBanList>("DELETE", `${base}/bans/${alice.xUserId}`, {
      token: helper.token,
    });
    expect(lifted.body.content.rows).toEqual([]);
    const audit = await context.database.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.targetId, String(campaign.id)));
    expect(audit).toEqual([]);

    // Funding, edits, join missions, confirmation and the refund stay the creator's.
    const txHash = `0x${"ab".repeat(32)}`;
    const refused: [string, "POST" | "PATCH", unknown][] = [
      [base, "PATCH", { title: "Taken over" }],
      [`${base}/funding`, "POST", { campaignId: "999" }],
      [`${base}/confirm`, "POST", undefined],
      [`${base}/refund`, "POST", { txHash }],
      [
        `${base}/missions`,
        "POST",
        {
          kind: "telegram_join",
          title: "Join",
          parameters: { chatId: "@dropfair_sandbox", url: "https://t.me/dropfair_sandbox" },
          rewardEp: 0,
        },
      ],
    ];
    for (const [path, method, payload] of refused) {
      expect(outcome(await call(method, path, { token: helper.token, body: payload })), path).toEqual(
        notCreator,
      );
    }
    expect((await campaignRow(campaign.id)).title).toBe("Post about Dropfair");

    await call("DELETE", `${base}/helpers/${helper.wallet.address}`, { token: creatorToken });
    expect(outcome(await call("POST", `${base}/bans`, { token: helper.token, body }))).toEqual(notOwner);
    expect(await flags(helper.token)).toEqual({ canManage: false, canModerate: false });
    expect((await aliceIn(campaign.id)).bannedAt).toBeNull();
  });

  it("POST reload, confirm, claim and a claim's transaction: anonymous 401, others refused (the whole way in tips-api-lifecycle)", async () => {
    const campaign = await createCampaign();
    await join(campaign.id, alice);
    const base = `/campaigns/${campaign.id}`;
    const txHash = `0x${"ab".repeat(32)}`;
    for (const path of ["/reload", "/confirm", "/claim", "/claims/1/transaction"]) {
      const body = path.endsWith("transaction") ? { txHash } : undefined;
      expect(outcome(await call("POST", `${base}${path}`, { body })), path).toMatchObject(signInFirst);
    }
    const notParticipant = {
      status: 404,
      typeCode: 761,
      message: "This account does not take part in the campaign.",
    };
    expect(outcome(await call("POST", `${base}/reload`, { token: strangerToken }))).toEqual(notParticipant);
    expect(outcome(await call("POST", `${base}/claim`, { token: strangerToken }))).toEqual(notParticipant);
    expect(outcome(await call("POST", `${base}/confirm`, { token: alice.token }))).toEqual(notCreator);
    expect(
      outcome(await call("POST", `${base}/claims/1/transaction`, { token: strangerToken, body: { txHash } })),
    ).toMatchObject({ status: 404 });
    // The owners get as far as the campaign's state allows: it has not started.
    expect(outcome(await call("POST", `${base}/reload`, { token: alice.token }))).toEqual({
      status: 409,
      typeCode: 751,
      message: "This campaign is not running.",
    });
    expect(outcome(await call("POST", `${base}/claim`, { token: alice.token }))).toMatchObject({
      status: 404,
      typeCode: 756,
    });
    expect(outcome(await call("POST", `${base}/confirm`, { token: creatorToken }))).toEqual({
      status: 409,
      typeCode: 751,
      message: "The final leaderboard is not waiting for confirmation.",
    });
    expect((await campaignRow(campaign.id)).status).toBe(0);
  });

  it("POST refund: anonymous 401, another wallet and an administrator refused, the creator as far as the state allows (the whole way in tips-api-refund)", async () => {
    const campaign = await createCampaign();
    const url = `/campaigns/${campaign.id}/refund`;
    const body = { txHash: `0x${"ab".repeat(32)}` };
    expect(outcome(await call("POST", url, { body }))).toMatchObject(signInFirst);
    expect(outcome(await call("POST", url, { token: strangerToken, body }))).toEqual(notCreator);
    expect(outcome(await call("POST", url, { token: adminToken, body }))).toEqual(notCreator);
    expect(outcome(await call("POST", url, { token: creatorToken, body }))).toEqual({
      status: 409,
      typeCode: 751,
      message: "This campaign's prize was never funded: there is nothing to refund.",
    });
    expect((await campaignRow(campaign.id)).refundedAt).toBeNull();
  });
});
