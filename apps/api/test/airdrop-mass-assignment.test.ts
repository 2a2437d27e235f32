// T9 for the airdrop's update bodies: a PATCH or PUT that carries a field the route does not take (the creator,
// the status, the Merkle root, the campaign, the deposit and other amounts...) is refused with 400 naming the
// field; once a campaign holds the prize, the fields it carries on chain (chain, token, amounts, shares, mode,
// times) are refused with 'Charged prize must be refunded first.'. Either way every table is unchanged.
import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { beforeAll, describe, expect, it } from "vitest";
import {
  appNow,
  call,
  chain,
  context,
  createDraft,
  creatorToken,
  deployment,
  releasedAirdrop,
  useAirdropApi,
} from "./airdrop-api-helper.ts";
import { minuteFloor } from "./builders.ts";
import { newWallet } from "./helper.ts";
import { everyTableOf } from "./table-snapshot.ts";

useAirdropApi();

const hash = `0x${"ab".repeat(32)}`;
const attacker = newWallet().address;

/** Fields of an airdrop no update body may set, with values an attacker would like. */
const forbiddenAirdropFields: Record<string, unknown> = {
  id: 1,
  owner: attacker,
  creator: attacker,
  creatorUserId: 1,
  creatorAddress: attacker,
  status: 2,
  merkleRoot: hash,
  campaignId: "1",
  campaignTxHash: hash,
  distributorAddress: attacker,
  deposited: "1000000000000000000000",
  requiredDeposit: "0",
  amountBase: "1",
  amountPerShare: "1",
  claimedAmount: "0",
  claimCount: 0,
  refundedAmount: "0",
  participantCount: 100,
  totalWeight: 100,
  tokenDecimals: 0,
  tokenLogo: "AAAA",
  preparedAt: "2026-01-01T00:00:00.000Z",
  releasedAt: "2026-01-01T00:00:00.000Z",
  refundedAt: null,
  deletedAt: null,
  createdAt: "2020-01-01T00:00:00.000Z",
};

const everyTable = () => everyTableOf(context.database.db);

/** Sends each forbidden field next to an accepted one as the creator: 400 naming it, and not a row changed. */
async function expectRefused(
  method: "PATCH" | "PUT",
  url: string,
  accepted: Record<string, unknown>,
  forbidden: Record<string, unknown>,
) {
  const before = await everyTable();
  for (const [field, value] of Object.entries(forbidden)) {
    const answer = await call(method, url, { token: creatorToken, body: { ...accepted, [field]: value } });
    const what = `${method} ${url} with ${field}`;
    expect(answer.status, what).toBe(400);
    expect(answer.body.typeCode, what).toBe(400);
    expect(answer.body.content, what).toBeNull();
    expect(answer.body.message, what).toContain(`"${field}"`);
  }
  expect(await everyTable()).toEqual(before);
}

let draft: AirdropDetail;
let released: AirdropDetail;
beforeAll(async () => {
  draft = await createDraft({ title: "Draft" });
  const listed = await call("PUT", `/${draft.id}/participants`, {
    token: creatorToken,
    text: `${newWallet().address}\n${newWallet().address}`,
  });
  expect(listed.status).toBe(200);
  released = await releasedAirdrop({ title: "Funded" });
  expect(BigInt(released.deposited)).toBeGreaterThan(0n);
}, 120_000);

describe("airdrop update bodies (T9)", () => {
  it("PATCH: an edit carrying a field it may not set is refused whole, on a draft and on a funded airdrop", async () => {
    for (const airdrop of [draft, released])
      await expectRefused("PATCH", `/${airdrop.id}`, { title: "Hijacked" }, forbiddenAirdropFields);
  });

  it("PATCH on a funded airdrop: what the campaign carries on chain is refused until the refund, nothing changes", async () => {
    const start = minuteFloor(appNow());
    const refundFirst = {
      status: 409,
      body: { content: null, typeCode: 201, message: "Charged prize must be refunded first." },
    };
    // A value that is wrong in itself is refused for that first; any other change for the campaign.
    const frozen: [Record<string, unknown>, typeof refundFirst][] = [
      [{ chainId: null }, refundFirst],
      [{ totalAmount: "1" }, refundFirst],
      [{ totalAmount: "999999" }, refundFirst],
      [{ shares: 1 }, refundFirst],
      [{ mode: "fcfs" }, refundFirst],
      [{ idType: "twitter" }, refundFirst],
      [{ rewardType: "discord_role" }, refundFirst],
      [{ startAt: new Date(start.getTime() - 3_600_000).toISOString() }, refundFirst],
      [{ endAt: new Date(start.getTime() + 7_200_000).toISOString() }, refundFirst],
      [{ discordGuildId: "123456789012345678" }, refundFirst],
      // The funded token renamed: participants would see another token than the one they are paid in.
      [{ customToken: true, tokenSymbol: "USDT" }, refundFirst],
      [{ customToken: true }, refundFirst],
      [
        { chainId: chain.chainId + 1 },
        {
          status: 400,
          body: {
            content: null,
            typeCode: 205,
            message: `Airdrops are not available on chain ${chain.chainId + 1} here.`,
          },
        },
      ],
      [
        { tokenAddress: deployment.batchPayout },
        { status: 400, body: { content: null, typeCode: 400, message: "Token address not valid" } },
      ],
    ];
    const before = await everyTable();
    for (const [body, expected] of frozen) {
      const answer = await call("PATCH", `/${released.id}`, {
        token: creatorToken,
        body: { title: "x", ...body },
      });
      expect({ status: answer.status, body: answer.body }, JSON.stringify(body)).toEqual(expected);
    }
    expect(await everyTable()).toEqual(before);
    // What does not touch the campaign may still change: the refusals above were for the frozen fields.
    const renamed = await call<AirdropDetail>("PATCH", `/${released.id}`, {
      token: creatorToken,
      body: { title: "Funded (renamed)" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.content).toMatchObject({ title: "Funded (renamed)", deposited: released.deposited });
  });

  it("PUT logo: only the image", async () => {
    await expectRefused(
      "PUT",
      `/${draft.id}/logo`,
      { image: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==" },
      { tokenLogoType: "image/svg+xml", creatorUserId: 1, status: 2 },
    );
  });

  it("PUT participants: only the list as text; a JSON body of fields is refused (415)", async () => {
    const before = await everyTable();
    const answer = await call("PUT", `/${draft.id}/participants`, {
      token: creatorToken,
      body: { participantCount: 100, merkleRoot: hash, creatorUserId: 1 },
    });
    expect(answer.status).toBe(415);
    expect(answer.body.content).toBeNull();
    expect(await everyTable()).toEqual(before);
  });
});
