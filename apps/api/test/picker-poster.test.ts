// The custom poster, an annual membership feature: upload, replace, serve and remove a picker's poster,
// with the owner account's plan deciding and the image checked before it is stored.
import { eq, pickerPosters } from "@dropfair/db";
import type { PickerDetail } from "@dropfair/schemas/picker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PickerPayments, pickerErrors, runPickerPipeline } from "../src/modules/picker/index.ts";
import { FakeChain } from "./fake-chain.ts";
import { buildTestAppWithX, signInWithX, type XTestContext } from "./x-helper.ts";

const giveawayUrl = "https://x.com/dropfair_host/status/2002842258109890560";

type Envelope<T = unknown> = { content: T; typeCode: number; message: string };

let context: XTestContext;
const goodTransactions = new Set<string>();
const tx = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as const;

const payments: PickerPayments = {
  async verifyMembership({ txHash, minAmount }) {
    if (!goodTransactions.has(txHash)) throw pickerErrors.paymentInvalid("not-found");
    return {
      payer: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      amount: minAmount,
      blockTimestamp: new Date(),
    };
  },
  async verifyBatch() {},
  async verifyTransaction() {},
};

let host: string;
let alice: string;
let helper: string;

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = Buffer.concat([pngSignature, Buffer.from("a tiny poster")]);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("another poster")]);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;

function call<T = unknown>(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  options: { token?: string; body?: unknown; language?: string } = {},
) {
  return context.app
    .inject({
      method,
      url: `/api/bounty/picker${url}`,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.language ? { "accept-language": options.language } : {}),
      },
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    })
    .then((response) => ({ status: response.statusCode, body: response.json() as Envelope<T> }));
}

async function storedPosters(pickerId: number) {
  return context.database.db.select().from(pickerPosters).where(eq(pickerPosters.pickerId, pickerId));
}

async function buy(plan: "month" | "year", n: number) {
  goodTransactions.add(tx(n));
  const bought = await call("POST", "/membership", {
    token: host,
    body: { chainId: 31337, txHash: tx(n), plan },
  });
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
}

let pickerId: number;

beforeAll(async () => {
  const chain = new FakeChain();
  chain.mine(100n);
  context = await buildTestAppWithX({
    chainClient: (chainId) => (chainId === 1 ? chain.client() : undefined),
    pickerJobs: {
      pipeline: async (id) => {
        await runPickerPipeline({ db: context.database.db, x: context.app.x, pickerId: id });
      },
      draw: async () => {},
    },
    pickerPayments: payments,
    environment: {
      MEMBERSHIP_CHAIN_ID: "31337",
      MEMBERSHIP_TOKEN_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      MEMBERSHIP_TREASURY_ADDRESS: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    },
  });
  [host, alice, helper] = await Promise.all([
    signInWithX(context, "dropfair_host"),
    signInWithX(context, "sandbox_alice"),
    signInWithX(context, "dropfair_admin"),
  ]);
  const created = await call<PickerDetail>("POST", "/", {
    token: host,
    body: { postUrl: giveawayUrl, winnerCount: 3 },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect(created.body.content.posterUrl).toBeNull();
  pickerId = created.body.content.id;
  const added = await call("POST", `/${pickerId}/admins`, {
    token: host,
    body: { username: "dropfair_admin" },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
});

afterAll(async () => {
  await context?.close();
});

describe("custom poster (annual membership only)", () => {
  it("refuses anonymous callers and other users, and stores nothing", async () => {
    for (const token of [undefined, alice]) {
      const put = await call("PUT", `/${pickerId}/poster`, {
        token,
        body: { image: dataUrl("image/png", png) },
      });
      expect(put.status).toBe(403);
      expect(put.body.content).toBeNull();
      expect(put.body.message).toBe("You are not owner");
      const removed = await call("DELETE", `/${pickerId}/poster`, { token });
      expect(removed.status).toBe(403);
    }
    expect(await storedPosters(pickerId)).toEqual([]);
  });

  it("asks for the annual membership: none, then a monthly plan, are not enough", async () => {
    const body = { image: dataUrl("image/png", png) };
    const english = await call("PUT", `/${pickerId}/poster`, { token: host, body });
    expect(english.status).toBe(402);
    expect(english.body.typeCode).toBe(176);
    expect(english.body.message).toBe("Custom posters come with the annual membership.");
    const chinese = await call("PUT", `/${pickerId}/poster`, { token: host, body, language: "zh-CN" });
    expect(chinese.status).toBe(402);
    expect(chinese.body.typeCode).toBe(176);
    expect(chinese.body.message).toBe("自定义海报为年度会员专享。");
    const asHelper = await call("PUT", `/${pickerId}/poster`, { token: helper, body });
    expect(asHelper.status).toBe(402);

    await buy("month", 1);
    const monthly = await call("PUT", `/${pickerId}/poster`, { token: host, body });
    expect(monthly.status).toBe(402);
    expect(monthly.body.typeCode).toBe(176);
    expect(await storedPosters(pickerId)).toEqual([]);
  });

  it("stores the poster with an annual plan and serves it to everyone", async () => {
    await buy("year", 2);
    const saved = await call<{ posterUrl: string }>("PUT", `/${pickerId}/poster`, {
      token: host,
      body: { image: dataUrl("image/png", png) },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.content.posterUrl).toMatch(
      new RegExp(`^/api/bounty/picker/${pickerId}/poster\\?v=\\d+$`),
    );

    const served = await context.app.inject({ url: `/api/bounty/picker/${pickerId}/poster` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["cache-control"]).toBe("public, max-age=300");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.rawPayload.equals(png)).toBe(true);

    const detail = await call<PickerDetail>("GET", `/${pickerId}`);
    expect(detail.body.content.posterUrl).toBe(saved.body.content.posterUrl);
  });

  it("lets a helper replace it", async () => {
    const saved = await call("PUT", `/${pickerId}/poster`, {
      token: helper,
      body: { image: dataUrl("image/jpeg", jpeg) },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const served = await context.app.inject({ url: `/api/bounty/picker/${pickerId}/poster` });
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.rawPayload.equals(jpeg)).toBe(true);
    const [stored] = await storedPosters(pickerId);
    expect(stored?.byteSize).toBe(jpeg.length);
  });

  it("refuses images over 1 MB, mismatched types and garbage with 400, never 500", async () => {
    const overByOne = Buffer.concat([pngSignature, Buffer.alloc(1024 * 1024 - pngSignature.length + 1)]);
    const wellOver = Buffer.concat([pngSignature, Buffer.alloc(1024 * 1024)]);
    for (const bytes of [overByOne, wellOver]) {
      const tooLarge = await call("PUT", `/${pickerId}/poster`, {
        token: host,
        body: { image: dataUrl("image/png", bytes) },
      });
      expect(tooLarge.status).toBe(400);
      expect(tooLarge.body.message).toBe("The poster must be at most 1 MB.");
    }
    const invalid = [
      dataUrl("image/jpeg", png),
      dataUrl("image/webp", png),
      dataUrl("image/png", Buffer.from("definitely not an image")),
      "data:image/png;base64,!!!not-base64!!!",
      "data:image/gif;base64,R0lGODlhAQABAAAAACw=",
      "data:image/png;base64,",
      "https://example.com/poster.png",
    ];
    for (const image of invalid) {
      const refused = await call("PUT", `/${pickerId}/poster`, { token: host, body: { image } });
      expect(refused.status, image.slice(0, 40)).toBe(400);
      expect(refused.body.content).toBeNull();
    }
    const mismatch = await call("PUT", `/${pickerId}/poster`, {
      token: host,
      body: { image: dataUrl("image/jpeg", png) },
    });
    expect(mismatch.body.message).toBe("The poster must be a PNG, JPEG or WebP image.");
    for (const body of [{}, { image: 42 }, { image: dataUrl("image/png", png), extra: true }]) {
      const refused = await call("PUT", `/${pickerId}/poster`, { token: host, body });
      expect(refused.status).toBe(400);
    }
    const served = await context.app.inject({ url: `/api/bounty/picker/${pickerId}/poster` });
    expect(served.rawPayload.equals(jpeg)).toBe(true);
  });

  it("removes the poster", async () => {
    const removed = await call("DELETE", `/${pickerId}/poster`, { token: helper });
    expect(removed.status).toBe(200);
    const missing = await call("GET", `/${pickerId}/poster`);
    expect(missing.status).toBe(404);
    expect(missing.body.content).toBeNull();
    expect(missing.body.typeCode).toBe(10);
    expect((await call<PickerDetail>("GET", `/${pickerId}`)).body.content.posterUrl).toBeNull();
    expect(await storedPosters(pickerId)).toEqual([]);
  });
});
