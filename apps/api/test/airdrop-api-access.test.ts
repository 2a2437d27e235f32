// Who may do what to an airdrop, and what a request must look like: every mutating route refuses anonymous
// callers and other users, extra fields are refused, bad input gets its message in English and Chinese, and a
// changed account type clears the list.
import { airdropParticipants, airdrops, eq, inArray } from "@dropfair/db";
import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { describe, expect, it } from "vitest";
import {
  appNow,
  call,
  chain,
  context,
  createDraft,
  creatorToken,
  deployment,
  releasedAirdrop,
  stranger,
  strangerAddress,
  useAirdropApi,
} from "./airdrop-api-helper.ts";
import { minuteFloor } from "./builders.ts";
import { newWallet } from "./helper.ts";

useAirdropApi();

describe("creator-only operations (T8, T10)", () => {
  it("answers every mutating route of the route table: 401 anonymous, 404 on a draft, 'You Are Not The Creator' (T8, T10)", async () => {
    // Creator-only routes, with a body each would accept from the creator. Participant routes are listed apart:
    // anyone signed in may report a transaction (the chain decides) or claim a Discord role for themselves.
    const sampleBodies: Record<string, { body?: unknown; text?: string }> = {
      "PATCH /api/bounty/airdrop/{id}": { body: { title: "Hijacked", totalAmount: "1" } },
      "DELETE /api/bounty/airdrop/{id}": {},
      "PUT /api/bounty/airdrop/{id}/participants": { text: newWallet().address },
      "DELETE /api/bounty/airdrop/{id}/participants": {},
      "PUT /api/bounty/airdrop/{id}/logo": {
        body: { image: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==" },
      },
      "DELETE /api/bounty/airdrop/{id}/logo": {},
      "POST /api/bounty/airdrop/{id}/prepare": {},
      "POST /api/bounty/airdrop/{id}/release": {},
    };
    const participantRoutes = [
      "POST /api/bounty/airdrop/{id}/transactions",
      "POST /api/bounty/airdrop/{id}/discord-role",
    ];
    const document = (await context.app.inject({ url: "/api/docs/json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith("/api/bounty/airdrop/{id}"))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((method) => ["post", "put", "patch", "delete"].includes(method))
          .map((method) => `${method.toUpperCase()} ${path}`),
      );
    expect(routes.sort()).toEqual([...Object.keys(sampleBodies), ...participantRoutes].sort());

    const draft = await createDraft({ title: "Owner only" });
    await call("PUT", `/${draft.id}/participants`, { token: creatorToken, text: newWallet().address });
    const released = await releasedAirdrop();
    const rows = async () =>
      context.database.db
        .select()
        .from(airdrops)
        .where(inArray(airdrops.id, [draft.id, released.id]));
    const before = await rows();
    for (const route of Object.keys(sampleBodies)) {
      const [method, path] = route.split(" ") as [string, string];
      const options = sampleBodies[route]!;
      for (const [airdrop, otherStatus] of [
        [draft, 404],
        [released, 403],
      ] as const) {
        const url = path.replace("/api/bounty/airdrop", "").replace("{id}", String(airdrop.id));
        const anonymous = await call(method as "POST", url, options);
        expect(anonymous.status, `${route} anonymous`).toBe(401);
        const other = await call(method as "POST", url, { ...options, token: stranger.token });
        expect(other.status, `${route} by another user`).toBe(otherStatus);
        expect(other.body.content).toBeNull();
        if (otherStatus === 403)
          expect(other.body).toMatchObject({ typeCode: 200, message: "You Are Not The Creator" });
      }
    }
    expect(await rows()).toEqual(before);
    const participants = await context.database.db
      .select()
      .from(airdropParticipants)
      .where(eq(airdropParticipants.airdropId, draft.id));
    expect(participants).toHaveLength(1);
  });
});

describe("request validation (T9, T12)", () => {
  it("refuses extra fields such as the creator or the status (T9)", async () => {
    const start = minuteFloor(appNow());
    for (const extra of [{ creatorAddress: strangerAddress }, { status: 2 }, { deposited: "1" }]) {
      const response = await call("POST", "/", {
        token: creatorToken,
        body: { title: "x", startAt: start.toISOString(), endAt: start.toISOString(), ...extra },
      });
      expect(response.status).toBe(400);
    }
  });

  it("returns each field's validation message, in English and Chinese, never a 500 (T12)", async () => {
    const start = minuteFloor(appNow());
    const later = new Date(start.getTime() + 3_600_000).toISOString();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: "", startAt: start.toISOString(), endAt: later }, "Please input title", "请输入标题"],
      [
        { title: "x", startAt: later, endAt: start.toISOString() },
        "The start time cannot be later than the end time",
        "开始时间不能晚于结束时间",
      ],
      [
        { title: "x", startAt: start.toISOString(), endAt: later, tokenAddress: "0x1234" },
        "Token address not valid",
        "代币地址无效",
      ],
      [
        { title: "x", startAt: start.toISOString(), endAt: later, totalAmount: "1.23456" },
        "The amount can have up to 4 decimals.",
        "数量最多保留 4 位小数。",
      ],
    ];
    for (const [body, english, chinese] of cases) {
      const en = await call("POST", "/", { token: creatorToken, body });
      expect(en.status).toBe(400);
      expect(en.body.message).toContain(english);
      const cn = await call("POST", "/", {
        token: creatorToken,
        body,
        headers: { "accept-language": "zh-cn" },
      });
      expect(cn.body.message).toContain(chinese);
    }
    // A contract that is not a token.
    const notToken = await call("POST", "/", {
      token: creatorToken,
      body: {
        title: "x",
        startAt: start.toISOString(),
        endAt: later,
        chainId: chain.chainId,
        tokenAddress: deployment.batchPayout,
      },
    });
    expect(notToken.body.message).toBe("Token address not valid");

    const draft = await createDraft({ totalAmount: null, mode: "fcfs" });
    const noList = await call("POST", `/${draft.id}/prepare`, { token: creatorToken });
    expect(noList.body.message).toBe("Need upload participants.");
    await call("PUT", `/${draft.id}/participants`, {
      token: creatorToken,
      text: `${newWallet().address}\n${newWallet().address}`,
    });
    const noAmount = await call("POST", `/${draft.id}/prepare`, { token: creatorToken });
    expect(noAmount.body.message).toBe("Need input amount.");
    await call("PATCH", `/${draft.id}`, { token: creatorToken, body: { totalAmount: "10" } });
    const noShares = await call("POST", `/${draft.id}/prepare`, { token: creatorToken });
    expect(noShares.body.message).toBe("Need input Airdrop Share.");
    await call("PATCH", `/${draft.id}`, { token: creatorToken, body: { shares: 3 } });
    const overflow = await call("POST", `/${draft.id}/prepare`, {
      token: creatorToken,
      headers: { "accept-language": "zh-cn" },
    });
    expect(overflow.body.message).toBe("空投份数超出参与人数。");
  });

  it("clears the list when the account type changes", async () => {
    const draft = await createDraft();
    await call("PUT", `/${draft.id}/participants`, { token: creatorToken, text: newWallet().address });
    const changed = await call<AirdropDetail>("PATCH", `/${draft.id}`, {
      token: creatorToken,
      body: { idType: "twitter" },
    });
    expect(changed.body.content.participantCount).toBe(0);
    const rows = await context.database.db
      .select()
      .from(airdropParticipants)
      .where(eq(airdropParticipants.airdropId, draft.id));
    expect(rows).toEqual([]);
  });
});
