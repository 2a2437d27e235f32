// The picker API through HTTP (T8–T10, T12, T19): create, who may operate a picker, object-level access,
// custom info and plans, against the X sandbox. The draw, from commitment to payment, is in
// picker-api-draws.test.ts; the shared setup is in picker-api-helper.ts.
import { freePlan, pickerStatus } from "@dropfair/core/picker";
import { eq, pickerDraws, pickerEntries, pickers } from "@dropfair/db";
import type { PickerDetail } from "@dropfair/schemas/picker";
import { describe, expect, it } from "vitest";
import {
  alice,
  call,
  carol,
  context,
  createPicker,
  everyTable,
  giveawayUrl,
  goodTransactions,
  helper,
  host,
  partnerPost,
  queuedDraws,
  recent,
  settleDraw,
  tx,
  usePickerApi,
  winners,
} from "./picker-api-helper.ts";
import { signInWithX } from "./x-helper.ts";

usePickerApi();

describe("creating a picker", () => {
  it("needs Sign in with X (Code174), and refuses version 1 (Code175)", async () => {
    const anonymous = await call("POST", "/", { body: { postUrl: giveawayUrl, winnerCount: 1 } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.typeCode).toBe(174);
    expect(anonymous.body.message).toBe("You have reached the usage limit. Log in with X for more.");
    const v1 = await call("POST", "/", {
      token: host,
      body: { postUrl: giveawayUrl, winnerCount: 1, version: 1 },
    });
    expect(v1.body.typeCode).toBe(175);
    expect(v1.body.message).toBe("Service unavailable: Picker 1.0 is closing, please use Picker 2.0.");
  });

  it("lets only the post's author or an admin of that account create (Code177)", async () => {
    const other = await call("POST", "/", { token: alice, body: { postUrl: giveawayUrl, winnerCount: 1 } });
    expect(other.status).toBe(403);
    expect(other.body.typeCode).toBe(177);
    const partners = await call("POST", "/", {
      token: host,
      body: { postUrl: `https://x.com/partner_labs/status/${partnerPost}`, winnerCount: 1 },
    });
    expect(partners.body.typeCode).toBe(177);
  });

  it("names a follow target that does not exist (Code181)", async () => {
    const missing = await call("POST", "/", {
      token: host,
      body: { postUrl: giveawayUrl, winnerCount: 1, followTargets: ["no_such_user_x1"] },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.typeCode).toBe(181);
  });

  it("answers every validation message in en and cn, never a 500 (T12)", async () => {
    // [body, English, Chinese (packages/core/locales/cn/validation.json), catalogue key]
    const cases: [Record<string, unknown>, string, string, string][] = [
      [
        { postUrl: "", winnerCount: 1 },
        "Please input the post URL.",
        "请输入帖子链接。",
        "validation.picker.postUrlRequired",
      ],
      [
        { postUrl: "not a post", winnerCount: 1 },
        "Cannot find a picker, tweet or seed matching this input, please re-enter.",
        "找不到与输入内容匹配的抽奖、推文或种子，请重新输入。",
        "validation.quickCreate.notFound",
      ],
      [
        { postUrl: giveawayUrl, winnerCount: 1, infoType: "custom", infoName: "" },
        "The info collection name cannot be empty.",
        "信息收集名称不能为空。",
        "validation.picker.infoNameRequired",
      ],
    ];
    for (const [body, english, chinese, key] of cases) {
      const en = await call("POST", "/", { token: host, body });
      expect(en.status, key).toBeGreaterThanOrEqual(400);
      expect(en.status, key).toBeLessThan(500);
      expect(en.body.message, key).toBe(english);
      const cn = await call("POST", "/", { token: host, body, language: "zh-cn" });
      expect(cn.status, key).toBe(en.status);
      expect(cn.body.message, key).toBe(chinese);
    }
    const seed = await call("GET", "/seed/zzzzzzzzzz", { language: "zh-cn" });
    expect(seed.body.typeCode).toBe(188);
    expect(seed.body.message).toBe("找不到该种子对应的抽奖");
    expect((await call("GET", "/seed/zzzzzzzzzz")).body.message).toBe("Cannot find picker with this seed");
  });

  it("ignores nothing silently: extra fields such as owner or status are refused (T9)", async () => {
    for (const extra of [{ status: 5 }, { ownerXUserId: "1" }, { entryLimit: null }, { drawCount: 9 }]) {
      const response = await call("POST", "/", {
        token: host,
        body: { postUrl: giveawayUrl, winnerCount: 1, ...extra },
      });
      expect(response.status).toBe(400);
    }
    const count = await context.database.db.select().from(pickers);
    expect(count).toHaveLength(0);
  });

  it("limits the reply requirement to the plan's winner limit", async () => {
    const response = await call("POST", "/", {
      token: host,
      body: { postUrl: giveawayUrl, winnerCount: 11, requireReply: true },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("The reply requirement is available for up to 10 winners.");
  });

  it("peeks at the replies: none in the last 7 days says so before anything is created", async () => {
    const oldPost = "1995612116874690562";
    const refused = await call("POST", "/", {
      token: host,
      body: { postUrl: `https://x.com/dropfair_host/status/${oldPost}`, winnerCount: 1, requireReply: true },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.typeCode).toBe(185);
    expect(refused.body.message).toBe("Reply not found. Only replies from the last 7 days can be found.");
    const rows = await context.database.db.select().from(pickers).where(eq(pickers.postId, oldPost));
    expect(rows).toHaveLength(0);
  });

  it("runs the pipeline to 'ready to pick' with public exclusion counts, on the free plan's entry limit", async () => {
    const picker = await createPicker({ filters: { banner: true } });
    const detail = await call<PickerDetail>("GET", `/${picker.id}`);
    expect(detail.body.content.status).toBe(pickerStatus.readyToPick);
    expect(detail.body.content.entryLimit).toBe(freePlan.entriesPerPost);
    expect(detail.body.content.eligibleCount).toBeGreaterThan(0);
    expect(detail.body.content.excludedCounts["no-banner"]).toBeGreaterThan(0);
    expect(detail.body.content.seed).toMatch(/^[a-z2-9]{10}$/);
    const bySeed = await call<{ id: number }>("GET", `/seed/${picker.seed}`);
    expect(bySeed.body.content.id).toBe(picker.id);
    const resolved = await call<{ kind: string; pickerId: number }>("GET", `/resolve?q=${picker.seed}`);
    expect(resolved.body.content).toMatchObject({ kind: "picker", pickerId: picker.id });
    const post = await call<{ kind: string; postId: string }>(
      "GET",
      `/resolve?q=${encodeURIComponent(`https://twitter.com/x/status/${recent}`)}`,
    );
    expect(post.body.content).toMatchObject({ kind: "post", postId: recent });
  });
});

describe("who may operate a picker (T8, T10)", () => {
  it("refuses every owner action to anonymous and other users, changing nothing; helpers act as the owner", async () => {
    const picker = await createPicker();
    const actions: [string, string, unknown][] = [
      ["PATCH", `/${picker.id}`, { winnerCount: 2 }],
      ["POST", `/${picker.id}/draw`, undefined],
      ["POST", `/${picker.id}/redraw`, { reason: "r" }],
      ["POST", `/${picker.id}/replace`, { xUserId: "1", reason: "r" }],
      ["POST", `/${picker.id}/confirm`, { xUserIds: ["1"] }],
      ["POST", `/${picker.id}/complete-collect`, undefined],
      ["POST", `/${picker.id}/finish`, undefined],
      ["POST", `/${picker.id}/cancel`, undefined],
      ["POST", `/${picker.id}/pay`, { mode: "external", chainId: 1, txHash: tx(9) }],
      ["POST", `/${picker.id}/bans`, { username: "sandbox_bob", reason: "spam" }],
      ["DELETE", `/${picker.id}/bans/2005398350853046277`, undefined],
      ["GET", `/${picker.id}/admins`, undefined],
    ];
    for (const token of [undefined, alice]) {
      for (const [method, url, body] of actions) {
        const response = await call(method as "POST", url, { token, body });
        expect(response.status, `${method} ${url}`).toBe(403);
        expect(response.body.message).toBe("You are not owner");
      }
    }
    for (const token of [undefined, alice]) {
      const add = await call("POST", `/${picker.id}/admins`, { token, body: { username: "sandbox_alice" } });
      expect(add.body.message).toBe("You Are Not The Creator");
    }
    const [unchanged] = await context.database.db.select().from(pickers).where(eq(pickers.id, picker.id));
    expect(unchanged).toMatchObject({ status: pickerStatus.readyToPick, drawCount: 0, winnerCount: 3 });

    // The owner adds a helper; the helper draws and bans for the owner, but cannot manage helpers.
    expect(
      (await call("POST", `/${picker.id}/admins`, { token: host, body: { username: "dropfair_admin" } }))
        .status,
    ).toBe(200);
    const helperAdd = await call("POST", `/${picker.id}/admins`, {
      token: helper,
      body: { username: "sandbox_alice" },
    });
    expect(helperAdd.body.message).toBe("You Are Not The Creator");
    const ban = await call("POST", `/${picker.id}/bans`, {
      token: helper,
      body: { username: "sandbox_alice", reason: "farm account" },
    });
    expect(ban.status).toBe(200);
    const bans = await call<{ username: string; addedBy: string; reason: string }[]>(
      "GET",
      `/${picker.id}/bans`,
    );
    expect(bans.body.content).toEqual([
      expect.objectContaining({
        username: "sandbox_alice",
        addedBy: "dropfair_admin",
        reason: "farm account",
      }),
    ]);
    const draw = await call("POST", `/${picker.id}/draw`, { token: helper });
    expect(draw.status).toBe(200);

    // The helper's ban is the owner's: the owner's next picker excludes the banned user.
    const next = await createPicker({}, host);
    const [banned] = await context.database.db
      .select()
      .from(pickerEntries)
      .where(eq(pickerEntries.pickerId, next.id))
      .then((rows) => rows.filter((row) => row.username === "sandbox_alice"));
    expect(banned?.excludedReason).toBe("banned");
    const [blackened] = await context.database.db
      .select()
      .from(pickerEntries)
      .where(eq(pickerEntries.pickerId, picker.id))
      .then((rows) => rows.filter((row) => row.username === "sandbox_alice"));
    expect(blackened?.blackReason).toBe("farm account");

    // A helper may also create pickers for the owner's posts.
    const byHelper = await call<PickerDetail>("POST", "/", {
      token: helper,
      body: { postUrl: `https://x.com/dropfair_host/status/${recent}`, winnerCount: 1 },
    });
    expect(byHelper.status).toBe(200);
    expect(byHelper.body.content.owner.username).toBe("dropfair_host");
  });
});

describe("object-level access, generated from the route table (T8)", () => {
  /** A valid body for each mutating picker route, so a refusal is the authorisation's, not validation's. */
  const sampleBodies: Record<string, unknown> = {
    "PATCH /api/bounty/picker/{id}": { winnerCount: 2 },
    "POST /api/bounty/picker/{id}/draw": undefined,
    "POST /api/bounty/picker/{id}/redraw": { reason: "r" },
    "POST /api/bounty/picker/{id}/replace": { xUserId: "1", reason: "r" },
    "POST /api/bounty/picker/{id}/confirm": { xUserIds: ["1"] },
    "PUT /api/bounty/picker/{id}/info": { info: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266" },
    "POST /api/bounty/picker/{id}/complete-collect": undefined,
    "POST /api/bounty/picker/{id}/finish": undefined,
    "POST /api/bounty/picker/{id}/cancel": undefined,
    "POST /api/bounty/picker/{id}/pay": { mode: "external", chainId: 1, txHash: tx(5) },
    "POST /api/bounty/picker/{id}/bans": { username: "sandbox_bob", reason: "spam" },
    "DELETE /api/bounty/picker/{id}/bans/{xUserId}": undefined,
    "POST /api/bounty/picker/{id}/admins": { username: "sandbox_bob" },
    "DELETE /api/bounty/picker/{id}/admins/{xUserId}": undefined,
    "PUT /api/bounty/picker/{id}/poster": {
      image: `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]).toString("base64")}`,
    },
    "DELETE /api/bounty/picker/{id}/poster": undefined,
  };

  it("refuses every mutating route on someone else's picker, for every route the API documents", async () => {
    const picker = await createPicker();
    const document = (await context.app.inject({ url: "/api/docs/json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith("/api/bounty/picker/{id}"))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((method) => ["post", "put", "patch", "delete"].includes(method))
          .map((method) => `${method.toUpperCase()} ${path}`),
      );
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(sampleBodies).length);
    const before = await everyTable();
    const drawsQueued = queuedDraws.length;
    for (const route of routes) {
      expect(Object.keys(sampleBodies), `a sample body for ${route}`).toContain(route);
      const [method, path] = route.split(" ") as [string, string];
      const url = path
        .replace("/api/bounty/picker", "")
        .replace("{id}", String(picker.id))
        .replace("{xUserId}", "1317903271326646276");
      for (const token of [undefined, alice, carol]) {
        const response = await call(method as "POST", url, { token, body: sampleBodies[route] });
        const who = `${route} as ${token ? "another user" : "anonymous"}`;
        // Anonymous callers and other users alike: 403 'You are not owner' (T10); helpers are the owner's own
        // choice ('You Are Not The Creator'); the win form is the winners'.
        expect(response.status, who).toBe(403);
        expect(response.body.typeCode, who).toBe(430);
        expect(response.body.message, who).toBe(
          route === "PUT /api/bounty/picker/{id}/info"
            ? "Only winners and substitutes can submit their information."
            : route.includes("/admins")
              ? "You Are Not The Creator"
              : "You are not owner",
        );
        expect(response.body.content, who).toBeNull();
      }
    }
    // Nothing changed anywhere: every table any of these routes writes (pickers, entries, draws, winners, bans,
    // helpers, payments, memberships, posters, idempotency keys...) is compared whole, and no draw was queued.
    expect(await everyTable()).toEqual(before);
    expect(queuedDraws).toHaveLength(drawsQueued);
  });

  it("shows custom info only to the host, its helpers and the entrant; EVM info to everyone", async () => {
    const picker = await createPicker({ infoType: "custom", infoName: "Telegram handle", winnerCount: 1 });
    await call("POST", `/${picker.id}/draw`, { token: host });
    await settleDraw();
    const [winner] = await winners(picker.id, host);
    const winnerToken = await signInWithX(context, winner!.username);
    const submitted = await call("PUT", `/${picker.id}/info`, {
      token: winnerToken,
      body: { info: "@secret_tg" },
    });
    expect(submitted.status).toBe(200);
    expect((await winners(picker.id, host))[0]!.info).toBe("@secret_tg");
    expect((await winners(picker.id, winnerToken))[0]!.info).toBe("@secret_tg");
    expect((await winners(picker.id, carol))[0]!.info).toBeNull();
    expect((await winners(picker.id))[0]!.info).toBeNull();
    const admins = await call("GET", `/${picker.id}/admins`, { token: carol });
    expect(admins.status).toBe(403);
    expect(admins.body.content).toBeNull();
  });
});

describe("plans", () => {
  it("stops the free plan at 6 draws a day, and membership paid on chain lifts it (T19)", async () => {
    const picker = await createPicker();
    const owner = (await call<PickerDetail>("GET", `/${picker.id}`)).body.content.owner.xUserId;
    await context.database.db.delete(pickerDraws).where(eq(pickerDraws.ownerXUserId, owner));
    await context.database.db.insert(pickerDraws).values(
      Array.from({ length: freePlan.drawsPerDay }, (_, index) => ({
        pickerId: picker.id,
        count: 100 + index,
        kind: "draw" as const,
        commitment: "0x00",
        entryCount: 1,
        winnerCount: 1,
        chainId: 1,
        targetBlock: 1n,
        status: "failed" as const,
        actorXUserId: owner,
        ownerXUserId: owner,
      })),
    );
    const refused = await call("POST", `/${picker.id}/draw`, { token: host });
    expect(refused.status).toBe(402);
    expect(refused.body.typeCode).toBe(176);
    expect(refused.body.message).toBe("You have used your free quota. Buy a membership for unlimited draws.");

    const fake = await call("POST", "/membership", {
      token: host,
      body: { chainId: 31337, txHash: tx(77), plan: "month" },
    });
    expect(fake.status).toBe(422);
    expect((await call<{ member: boolean }>("GET", "/membership", { token: host })).body.content.member).toBe(
      false,
    );

    goodTransactions.add(tx(78));
    const bought = await call<{ member: boolean; drawsPerDay: number | null }>("POST", "/membership", {
      token: host,
      body: { chainId: 31337, txHash: tx(78), plan: "month" },
    });
    expect(bought.status).toBe(200);
    expect(bought.body.content).toMatchObject({ member: true, drawsPerDay: null });
    const reused = await call("POST", "/membership", {
      token: alice,
      body: { chainId: 31337, txHash: tx(78), plan: "month" },
    });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe("This transaction has already been used.");
    const wrongChain = await call("POST", "/membership", {
      token: host,
      body: { chainId: 56, txHash: tx(79), plan: "month" },
    });
    expect(wrongChain.status).toBe(422);

    const allowed = await call("POST", `/${picker.id}/draw`, { token: host });
    expect(allowed.status).toBe(200);
  });
});
