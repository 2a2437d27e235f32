// T9 for the picker's update bodies: a PATCH or PUT that carries a field the route does not take (the owner, the
// status, counts, the payment, the post...) is refused with 400 naming the field, and nothing changes anywhere;
// after the first commitment even the fields a PATCH takes are refused (409). Every table is compared whole.
import { describe, expect, it } from "vitest";
import {
  call,
  context,
  createPicker,
  everyTable,
  host,
  settleDraw,
  tx,
  usePickerApi,
  winners,
} from "./picker-api-helper.ts";
import { signInWithX } from "./x-helper.ts";

usePickerApi();

/** Fields of a picker that no update body may set, with values an attacker would like. */
const forbiddenPickerFields: Record<string, unknown> = {
  owner: { xUserId: "1", username: "attacker" },
  ownerXUserId: "1",
  ownerUsername: "attacker",
  creatorXUserId: "1",
  status: 5,
  seed: "0000000000",
  version: 1,
  postId: "1",
  postUrl: "https://x.com/attacker/status/1",
  drawCount: 0,
  entryCount: 1,
  eligibleCount: 1,
  entryLimit: null,
  infoType: "custom",
  requireRetweet: false,
  followTargets: [],
  filters: {},
  chainId: 56,
  paymentChainId: 1,
  paymentTxHash: tx(9),
  paidAt: "2026-01-01T00:00:00.000Z",
  currentDraw: null,
};

/** Sends each forbidden field next to an accepted one: 400 naming it, and not a row changed. */
async function expectRefused(
  method: "PATCH" | "PUT",
  url: string,
  token: string,
  accepted: Record<string, unknown>,
  forbidden: Record<string, unknown>,
) {
  const before = await everyTable();
  for (const [field, value] of Object.entries(forbidden)) {
    const answer = await call(method, url, { token, body: { ...accepted, [field]: value } });
    const what = `${method} ${url} with ${field}`;
    expect(answer.status, what).toBe(400);
    expect(answer.body.typeCode, what).toBe(400);
    expect(answer.body.content, what).toBeNull();
    expect(answer.body.message, what).toContain(`"${field}"`);
  }
  expect(await everyTable()).toEqual(before);
}

describe("picker update bodies (T9)", () => {
  it("PATCH: the owner's own edit is refused whole when it carries a field it may not set", async () => {
    const picker = await createPicker({ winnerCount: 3 });
    await expectRefused("PATCH", `/${picker.id}`, host, { winnerCount: 2 }, forbiddenPickerFields);
    // The same edit without the extra field goes through: the refusals above were for the field alone.
    const edited = await call<{ winnerCount: number }>("PATCH", `/${picker.id}`, {
      token: host,
      body: { winnerCount: 2 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.content.winnerCount).toBe(2);
  });

  it("PATCH after the first commitment: the winner count and the reward are refused (409), nothing changes", async () => {
    const picker = await createPicker({ winnerCount: 2, rewardAmount: "5" });
    expect((await call("POST", `/${picker.id}/draw`, { token: host })).status).toBe(200);
    const before = await everyTable();
    for (const body of [
      { winnerCount: 5 },
      { rewardAmount: "500" },
      { rewardAmount: null },
      { rewardText: "x" },
    ]) {
      const answer = await call("PATCH", `/${picker.id}`, { token: host, body });
      expect(answer, JSON.stringify(body)).toEqual({
        status: 409,
        body: {
          content: null,
          typeCode: 192,
          message: "The entry list is committed for the draw and can no longer change.",
        },
      });
    }
    expect(await everyTable()).toEqual(before);
  });

  it("PUT info: a winner cannot set another entry's info, a role or the picker through the form", async () => {
    const picker = await createPicker({ infoType: "evm", winnerCount: 1 });
    expect((await call("POST", `/${picker.id}/draw`, { token: host })).status).toBe(200);
    await settleDraw();
    const [winner] = await winners(picker.id, host);
    const token = await signInWithX(context, winner!.username);
    await expectRefused(
      "PUT",
      `/${picker.id}/info`,
      token,
      { info: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" },
      { xUserId: "1", role: "winner", rank: 1, pickerId: picker.id, infoSubmittedAt: null, status: 13 },
    );
  });

  it("PUT poster: only the image", async () => {
    const picker = await createPicker();
    const image = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString("base64")}`;
    await expectRefused(
      "PUT",
      `/${picker.id}/poster`,
      host,
      { image },
      {
        ownerXUserId: "1",
        pickerId: 1,
        contentType: "image/svg+xml",
        posterUrl: "https://evil.example/p.png",
      },
    );
  });
});
