// A badge from eligibility to a recorded mint: the rule read against the points ledger, the voucher, the mint on the
// local chain, the report read from its receipt, the indexer, and the metadata its tokenURI points at.
import { dropfairBadgesAbi } from "@dropfair/chain/abis";
import { badgeMints, badgeVouchers, eq } from "@dropfair/db";
import type { Achievements, BadgeDetail, MintVoucher, RecordedMint } from "@dropfair/schemas/badges";
import { typeCodes } from "@dropfair/schemas/envelope";
import type { Address, Hex } from "viem";
import { describe, expect, it } from "vitest";
import { runBadgeIndexer } from "../src/modules/badges/index.ts";
import {
  call,
  chain,
  context,
  deployment,
  earlybirdId,
  grantPoints,
  growthId,
  mintOnChain,
  player,
  publicClient,
  seededBadge,
  useBadgesApi,
  voucherArgs,
  walletOf,
} from "./badges-helper.ts";

useBadgesApi();

const stateOf = (achievements: Achievements, name: string) =>
  achievements.badges.find((badge) => badge.name === name);

describe("eligibility against the points ledger", () => {
  it("keeps a points badge locked below its target and makes it mintable once the EP are there", async () => {
    const { account, token } = await player(5);
    const before = await call<Achievements>("GET", `/achievements?programme=${growthId}`, { token });
    expect(before.status).toBe(200);
    expect(stateOf(before.body.content, "First steps")).toMatchObject({
      state: "locked",
      progress: { current: 0, target: 20, eligible: false },
      contractAddress: deployment.dropfairBadges,
      chainId: chain.chainId,
      kind: "sbt",
      seed: "first-steps",
    });
    const refused = await call("POST", `/badges/${(await seededBadge("First steps")).id}/voucher`, { token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      content: null,
      typeCode: typeCodes.badgeNotEligible,
      message: "You are not eligible to mint.",
    });
    await grantPoints(account.address, 19);
    const almost = await call<Achievements>("GET", `/achievements?programme=${growthId}`, { token });
    expect(stateOf(almost.body.content, "First steps")).toMatchObject({
      state: "locked",
      progress: { current: 19, target: 20, eligible: false },
    });
    await grantPoints(account.address, 1);
    const after = await call<Achievements>("GET", `/achievements?programme=${growthId}`, { token });
    expect(after.body.content).toMatchObject({
      signedIn: true,
      points: 20,
      level: 0,
      mintable: 1,
      pointName: "EP",
    });
    expect(stateOf(after.body.content, "First steps")).toMatchObject({
      state: "mintable",
      progress: { current: 20, target: 20, eligible: true },
    });
    // The level badge asks for level 1: 100 EP with the default rules.
    expect(stateOf(after.body.content, "Level 1")).toMatchObject({
      state: "locked",
      progress: { current: 0, target: 1 },
    });
  });
});

describe("minting", () => {
  it("signs a voucher, records the mint read from the receipt once, and shows the badge as minted", async () => {
    const { account, token } = await player(6);
    await grantPoints(account.address, 25);
    const badge = await seededBadge("First steps");
    const issued = await call<MintVoucher>("POST", `/badges/${badge.id}/voucher`, { token });
    expect(issued.status).toBe(200);
    expect(issued.body.content).toMatchObject({
      badgeId: badge.id,
      chainId: chain.chainId,
      contractAddress: deployment.dropfairBadges,
      voucher: { account: account.address, badgeId: String(badge.id), soulbound: true, period: "0" },
    });
    // The contract accepts exactly this voucher: its digest is what the platform signer signed.
    expect(
      await publicClient.readContract({
        address: deployment.dropfairBadges,
        abi: dropfairBadgesAbi,
        functionName: "isNonceUsed",
        args: [BigInt(issued.body.content.voucher.nonce)],
      }),
    ).toBe(false);
    const txHash = await mintOnChain(account, issued.body.content);

    const reported = await call<RecordedMint[]>("POST", "/mints", {
      token,
      body: { chainId: chain.chainId, txHash },
    });
    expect(reported.status).toBe(200);
    expect(reported.body.content).toEqual([
      {
        badgeId: badge.id,
        account: account.address,
        period: 0,
        kind: "sbt",
        chainId: chain.chainId,
        tokenId: expect.stringMatching(/^[1-9][0-9]*$/),
        txHash: txHash.toLowerCase(),
      },
    ]);
    // Reported again: the same answer, still one row.
    const again = await call<RecordedMint[]>("POST", "/mints", {
      token,
      body: { chainId: chain.chainId, txHash },
    });
    expect(again.body.content).toEqual(reported.body.content);
    const rows = await context.database.db.select().from(badgeMints).where(eq(badgeMints.badgeId, badge.id));
    expect(rows.filter((row) => row.address === account.address)).toHaveLength(1);

    const detail = await call<BadgeDetail>("GET", `/badges/${badge.id}`, { token });
    expect(detail.body.content.badge).toMatchObject({
      state: "minted",
      mintedTotal: 1,
      minted: { tokenId: reported.body.content[0]!.tokenId, period: 0, txHash: txHash.toLowerCase() },
    });
    expect(detail.body.content.badge.holders).toBeGreaterThanOrEqual(1);
    const page = await call<Achievements>("GET", `/achievements?programme=${growthId}`, { token });
    expect(page.body.content).toMatchObject({ mintedSbt: 1, mintedNft: 0, balance: 1, mintable: 0 });
    // Another programme's page counts its own tokens only.
    const earlybird = await call<Achievements>("GET", `/achievements?programme=${earlybirdId}`, { token });
    expect(earlybird.body.content).toMatchObject({ mintedSbt: 0, balance: 0, mintable: 1 });

    // A second voucher for the same period is refused, in en and cn.
    const twice = await call("POST", `/badges/${badge.id}/voucher`, { token });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({
      typeCode: typeCodes.badgeAlreadyMinted,
      message: "You already minted this badge for this period.",
    });
    const twiceCn = await call("POST", `/badges/${badge.id}/voucher`, { token, language: "zh-cn" });
    expect(twiceCn.body.message).toBe("您已铸造过本期的这枚徽章。");
  });

  it("answers concurrent voucher requests with one nonce and one signature per wallet, badge and period", async () => {
    const { account, token } = await player(7);
    await grantPoints(account.address, 30);
    const badge = await seededBadge("First steps");
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call<MintVoucher>("POST", `/badges/${badge.id}/voucher`, { token })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((answer) => answer.body.content.voucher.nonce)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.body.content.signature)).size).toBe(1);
    const rows = await context.database.db
      .select()
      .from(badgeVouchers)
      .where(eq(badgeVouchers.address, account.address));
    expect(rows).toHaveLength(1);
    expect(String(rows[0]!.id)).toBe(answers[0]!.body.content.voucher.nonce);
  });

  it("mints all mintable badges in one batch, and then has nothing left to mint", async () => {
    const { account, token } = await player(8);
    await grantPoints(account.address, 120);
    const vouchers = await call<MintVoucher[]>("POST", "/vouchers", { token, body: { programme: growthId } });
    expect(vouchers.status).toBe(200);
    // First steps (20 EP), Level 1 (100 EP) and Monthly regular (50 EP, transferable, this month).
    const month = new Date().getUTCFullYear() * 100 + new Date().getUTCMonth() + 1;
    expect(
      vouchers.body.content.map((entry) => [entry.voucher.soulbound, entry.voucher.period]).sort(),
    ).toEqual([
      [false, String(month)],
      [true, "0"],
      [true, "0"],
    ]);
    const hash = await walletOf(account).writeContract({
      address: deployment.dropfairBadges,
      abi: dropfairBadgesAbi,
      functionName: "mintBatch",
      args: [
        vouchers.body.content.map(voucherArgs),
        vouchers.body.content.map((entry) => entry.signature as Hex),
      ],
    });
    await publicClient.waitForTransactionReceipt({ hash });
    const reported = await call<RecordedMint[]>("POST", "/mints", {
      token,
      body: { chainId: chain.chainId, txHash: hash },
    });
    expect(reported.body.content.map((mint) => mint.kind).sort()).toEqual(["nft", "sbt", "sbt"]);
    const page = await call<Achievements>("GET", `/achievements?programme=${growthId}`, { token });
    expect(page.body.content).toMatchObject({ mintedSbt: 2, mintedNft: 1, balance: 3, mintable: 0 });

    const none = await call("POST", "/vouchers", { token, body: { programme: growthId } });
    expect(none.status).toBe(409);
    expect(none.body).toEqual({
      content: null,
      typeCode: typeCodes.badgeNothingToMint,
      message: "There are no achievements to mint.",
    });
    const noneCn = await call("POST", "/vouchers", {
      token,
      body: { programme: growthId },
      language: "zh-cn",
    });
    expect(noneCn.body.message).toBe("没有可铸造的成就。");
  });
});

/** Sends a transaction without mining it (automine off while it goes out); the test mines it when it wants. */
async function queued(send: () => Promise<Hex>): Promise<Hex> {
  await publicClient.request({ method: "evm_setAutomine" as never, params: [false] as never });
  try {
    return await send();
  } finally {
    await publicClient.request({ method: "evm_setAutomine" as never, params: [true] as never });
  }
}

describe("mint reports", () => {
  it("says processing while the transaction is not mined, failed for an unknown or reverted one", async () => {
    const { account, token } = await player(9);
    await grantPoints(account.address, 20);
    const issued = await call<MintVoucher>(
      "POST",
      `/badges/${(await seededBadge("First steps")).id}/voucher`,
      {
        token,
      },
    );
    const send = () =>
      walletOf(account).writeContract({
        address: deployment.dropfairBadges,
        abi: dropfairBadgesAbi,
        functionName: "mint",
        args: [voucherArgs(issued.body.content), issued.body.content.signature as Hex],
        gas: 500_000n,
      });
    const hash = await queued(send);
    const pending = await call("POST", "/mints", { token, body: { chainId: chain.chainId, txHash: hash } });
    expect(pending.status).toBe(409);
    expect(pending.body).toMatchObject({
      typeCode: typeCodes.badgeTransactionPending,
      message: "The transaction is processing...",
    });
    await publicClient.request({ method: "evm_mine" as never, params: [] as never });
    const mined = await call<RecordedMint[]>("POST", "/mints", {
      token,
      body: { chainId: chain.chainId, txHash: hash },
    });
    expect(mined.status).toBe(200);

    const unknown = await call("POST", "/mints", {
      token,
      body: { chainId: chain.chainId, txHash: `0x${"ab".repeat(32)}` },
      language: "zh-cn",
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({
      typeCode: typeCodes.badgeTransactionFailed,
      message: "交易失败，请稍后再试。",
    });

    // The same voucher again reverts on chain (VoucherUsed): a reverted transaction is a failure.
    const reverted = await queued(send);
    await publicClient.request({ method: "evm_mine" as never, params: [] as never });
    expect((await publicClient.getTransactionReceipt({ hash: reverted })).status).toBe("reverted");
    const failed = await call("POST", "/mints", {
      token,
      body: { chainId: chain.chainId, txHash: reverted },
    });
    expect(failed.status).toBe(422);
    expect(failed.body).toMatchObject({
      typeCode: typeCodes.badgeTransactionFailed,
      message: "The transaction failed, please try again later.",
    });
  });

  it("records someone else's mint it is shown, but tells the reporter it minted nothing to them", async () => {
    const owner = await player(10);
    const other = await player(11);
    await grantPoints(owner.account.address, 20);
    const issued = await call<MintVoucher>(
      "POST",
      `/badges/${(await seededBadge("First steps")).id}/voucher`,
      {
        token: owner.token,
      },
    );
    const txHash = await mintOnChain(owner.account, issued.body.content);
    const foreign = await call("POST", "/mints", {
      token: other.token,
      body: { chainId: chain.chainId, txHash },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body).toMatchObject({
      typeCode: typeCodes.badgeAccountMismatch,
      message: "Account address verification failed.",
    });
    const page = await call<Achievements>("GET", `/achievements?programme=${growthId}`, {
      token: owner.token,
    });
    expect(stateOf(page.body.content, "First steps")?.state).toBe("minted");
  });

  it("refuses a chain without a contract", async () => {
    const { token } = await player(12);
    const answer = await call("POST", "/mints", {
      token,
      body: { chainId: 56, txHash: `0x${"cd".repeat(32)}` },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      typeCode: typeCodes.badgeChainUnsupported,
      message: "Badges cannot be minted on chain 56 here.",
    });
  });
});

describe("the mint indexer and token metadata", () => {
  it("records a mint nobody reported, and serves the metadata the token's URI names", async () => {
    const { account, token } = await player(13);
    await grantPoints(account.address, 20);
    const badge = await seededBadge("First steps");
    const issued = await call<MintVoucher>("POST", `/badges/${badge.id}/voucher`, { token });
    await mintOnChain(account, issued.body.content);
    const before = await call<Achievements>("GET", `/achievements?programme=${growthId}`, { token });
    expect(stateOf(before.body.content, "First steps")?.state).toBe("mintable");

    const outcome = await runBadgeIndexer(
      {
        db: context.database.db,
        contracts: { [chain.chainId]: deployment.dropfairBadges },
        chainClient: () => publicClient,
        confirmations: 1,
        now: () => new Date(),
      },
      context.app.log,
    );
    expect(outcome[chain.chainId]).toMatchObject({ recorded: expect.any(Number) });
    const after = await call<BadgeDetail>("GET", `/badges/${badge.id}`, { token });
    expect(after.body.content.badge.state).toBe("minted");
    const tokenId = after.body.content.badge.minted!.tokenId;

    const uri = await publicClient.readContract({
      address: deployment.dropfairBadges,
      abi: dropfairBadgesAbi,
      functionName: "tokenURI",
      args: [BigInt(tokenId)],
    });
    const path = new URL(uri).pathname;
    expect(path).toBe(`/api/bounty/badges/metadata/${chain.chainId}/${tokenId}`);
    const metadata = await context.app.inject({ method: "GET", url: path });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.json()).toEqual({
      name: `First steps #${tokenId}`,
      description: "Earn your first 20 EP by finishing missions.",
      image: "http://localhost:3000/api/bounty/badges/artwork/first-steps.svg",
      attributes: [
        { trait_type: "badge", value: "First steps" },
        { trait_type: "programme", value: growthId },
        { trait_type: "period", value: 0, display_type: "number" },
        { trait_type: "soulbound", value: "yes" },
      ],
    });
    const artwork = await context.app.inject({
      method: "GET",
      url: "/api/bounty/badges/artwork/first-steps.svg",
    });
    expect(artwork.statusCode).toBe(200);
    expect(artwork.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(artwork.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const unknown = await context.app.inject({
      method: "GET",
      url: `/api/bounty/badges/metadata/${chain.chainId}/999999`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses to move a minted soulbound badge on chain", async () => {
    const { account, token } = await player(14);
    await grantPoints(account.address, 20);
    const issued = await call<MintVoucher>(
      "POST",
      `/badges/${(await seededBadge("First steps")).id}/voucher`,
      {
        token,
      },
    );
    const txHash = await mintOnChain(account, issued.body.content);
    const [mint] = (
      await call<RecordedMint[]>("POST", "/mints", { token, body: { chainId: chain.chainId, txHash } })
    ).body.content;
    await expect(
      publicClient.simulateContract({
        account: account.address,
        address: deployment.dropfairBadges,
        abi: dropfairBadgesAbi,
        functionName: "transferFrom",
        args: [account.address, chain.account(15).address as Address, BigInt(mint!.tokenId)],
      }),
    ).rejects.toThrow(/Soulbound/);
  });
});
