// T15 on badges: the mint voucher, "mint all" and the mint report take an Idempotency-Key. A retry with the same
// key gets the first answer, marked as replayed, and has one effect; the same key on another request is refused
// with 409 (typeCode 440).
import { badgeMints, badgeVouchers, eq } from "@dropfair/db";
import type { MintVoucher, RecordedMint } from "@dropfair/schemas/badges";
import { describe, expect, it } from "vitest";
import {
  call,
  chain,
  context,
  earlybirdId,
  grantPoints,
  growthId,
  mintOnChain,
  player,
  seededBadge,
  useBadgesApi,
} from "./badges-helper.ts";
import { expectReplay, inFlight } from "./idempotency-helper.ts";

useBadgesApi();

const db = () => context.database.db;
const keyed = (key: string) => ({ "idempotency-key": key });

function expectRefused(response: { status: number; body: unknown }) {
  expect({ status: response.status, body: response.body }).toEqual({ status: 409, body: inFlight });
}

describe("retries with one Idempotency-Key (T15)", () => {
  it("POST /badges/{badgeId}/voucher: one voucher, the same answer; the key on another badge is refused", async () => {
    const { account, token } = await player(5);
    await grantPoints(account.address, 25);
    const badge = await seededBadge("First steps");
    const other = await seededBadge("Level 1");
    const headers = keyed(`voucher-${badge.id}`);
    const first = await call<MintVoucher>("POST", `/badges/${badge.id}/voucher`, { token, headers });
    expect(first.status).toBe(200);
    expect(first.raw.headers["idempotent-replayed"]).toBeUndefined();
    const retry = await call("POST", `/badges/${badge.id}/voucher`, { token, headers });
    expectReplay(retry.raw, first.body);
    const rows = await db().select().from(badgeVouchers).where(eq(badgeVouchers.address, account.address));
    expect(rows.map((row) => String(row.id))).toEqual([first.body.content.voucher.nonce]);
    expectRefused(await call("POST", `/badges/${other.id}/voucher`, { token, headers }));
  });

  it("POST /vouchers: one batch, the same answer; the key with another programme is refused", async () => {
    const { account, token } = await player(6);
    await grantPoints(account.address, 120);
    const headers = keyed("mint-all");
    const body = { programme: growthId };
    const first = await call<MintVoucher[]>("POST", "/vouchers", { token, body, headers });
    expect(first.status).toBe(200);
    expect(first.body.content).toHaveLength(3);
    expectReplay((await call("POST", "/vouchers", { token, body, headers })).raw, first.body);
    const rows = await db().select().from(badgeVouchers).where(eq(badgeVouchers.address, account.address));
    expect(rows.map((row) => String(row.id)).sort()).toEqual(
      first.body.content.map((entry) => entry.voucher.nonce).sort(),
    );
    expectRefused(await call("POST", "/vouchers", { token, body: { programme: earlybirdId }, headers }));
  });

  it("POST /mints: one recorded mint, the same answer; the key with another transaction is refused", async () => {
    const { account, token } = await player(7);
    await grantPoints(account.address, 25);
    const badge = await seededBadge("First steps");
    const issued = await call<MintVoucher>("POST", `/badges/${badge.id}/voucher`, { token });
    const txHash = await mintOnChain(account, issued.body.content);
    const headers = keyed(`mint-${txHash}`);
    const body = { chainId: chain.chainId, txHash };
    const first = await call<RecordedMint[]>("POST", "/mints", { token, body, headers });
    expect(first.status).toBe(200);
    expect(first.body.content).toHaveLength(1);
    expectReplay((await call("POST", "/mints", { token, body, headers })).raw, first.body);
    const rows = await db().select().from(badgeMints).where(eq(badgeMints.address, account.address));
    expect(rows.map((row) => row.txHash)).toEqual([txHash.toLowerCase()]);
    expectRefused(
      await call("POST", "/mints", { token, body: { ...body, txHash: `0x${"ab".repeat(32)}` }, headers }),
    );
  });
});
