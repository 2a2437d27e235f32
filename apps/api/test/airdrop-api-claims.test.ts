// Claims through the HTTP layer against a real local chain: X lists claimed with platform vouchers, first come
// first served on chain and in the books, Discord-role rewards granted by the bot and Telegram vouchers.
import { airdropDistributorAbi } from "@dropfair/chain/abis";
import { airdropParticipants, airdrops, eq } from "@dropfair/db";
import type { AirdropClaim, AirdropDetail, ParticipantReport } from "@dropfair/schemas/airdrop";
import { type Address, BaseError, type Hash, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  call,
  chain,
  context,
  createDraft,
  creatorToken,
  deployment,
  fund,
  mined,
  prepared,
  publicClient,
  releasedAirdrop,
  reportTransaction,
  stranger,
  useAirdropApi,
  walletOf,
} from "./airdrop-api-helper.ts";
import { newWallet, signIn } from "./helper.ts";
import { discordFixtures, linkDiscord, linkTelegram, telegramFixtures } from "./social-helper.ts";
import { signInWithX, xHeaders } from "./x-helper.ts";

useAirdropApi();

describe("X list, first come first served, claimed with platform vouchers", () => {
  it("resolves handles, signs a voucher for the signed-in wallet, binds it, and counts the claim", async () => {
    const draft = await createDraft({ idType: "twitter", mode: "fcfs", shares: 2, totalAmount: "50" });
    const report = await call<ParticipantReport>("PUT", `/${draft.id}/participants`, {
      token: creatorToken,
      text: "@sandbox_alice\nsandbox_bob\nsandbox_gone\n1317903271326646276\nsandbox_carol\nsandbox_banned",
    });
    expect(report.body.content).toMatchObject({ accepted: 3, unresolvedLines: [3, 6], duplicateLines: [4] });
    const detail = await fund(await prepared(draft.id));
    expect(detail.campaignParams).toMatchObject({ proofKind: 1, mode: 1, shares: "2" });
    expect(detail.amountPerShare).toBe((25n * 10n ** 18n).toString());
    await call("POST", `/${draft.id}/release`, { token: creatorToken });

    const aliceX = await signInWithX(context, "sandbox_alice");
    const aliceWallet = privateKeyToAccount(chain.accounts[3]!.privateKey);
    const aliceSession = await signIn(context.app, aliceWallet);
    // Without the X sign-in the claim cannot be proven.
    const withoutX = await call("GET", `/${draft.id}/claim`, { token: aliceSession.token });
    expect(withoutX.body.typeCode).toBe(206);
    const claim = await call<AirdropClaim>("GET", `/${draft.id}/claim`, {
      token: aliceSession.token,
      headers: xHeaders(aliceX),
    });
    expect(claim.body.content).toMatchObject({ eligible: true, claimState: 0, account: "@sandbox_alice" });
    expect(claim.body.content.voucher?.recipient).toBe(aliceWallet.address);
    // The X account is bound to that wallet: another wallet gets no voucher.
    const otherWallet = await signIn(context.app);
    const rebind = await call("GET", `/${draft.id}/claim`, {
      token: otherWallet.token,
      headers: xHeaders(aliceX),
    });
    expect(rebind.body.typeCode).toBe(203);

    const { voucher, signature } = claim.body.content;
    const hash = await mined(
      await walletOf(aliceWallet).writeContract({
        address: deployment.airdropDistributor,
        abi: airdropDistributorAbi,
        functionName: "claimWithVoucher",
        args: [
          {
            campaignId: BigInt(voucher!.campaignId),
            recipient: voucher!.recipient as Address,
            amount: BigInt(voucher!.amount),
            nonce: BigInt(voucher!.nonce),
            deadline: BigInt(voucher!.deadline),
          },
          signature as Hex,
        ],
      }),
    );
    const reported = await reportTransaction(draft.id, hash, aliceSession.token);
    expect(reported.body.content.claimCount).toBe(1);
    const again = await call<AirdropClaim>("GET", `/${draft.id}/claim`, {
      token: aliceSession.token,
      headers: xHeaders(aliceX),
    });
    expect(again.body.content).toMatchObject({ claimState: 1, voucher: null });
    const carolX = await signInWithX(context, "sandbox_newbie");
    const notListed = await call<AirdropClaim>("GET", `/${draft.id}/claim`, {
      token: aliceSession.token,
      headers: xHeaders(carolX),
    });
    expect(notListed.body.content.eligible).toBe(false);
  });
});

/**
 * Hardhat's automine answers `eth_sendRawTransaction` of a transaction that reverted with an error, though it did
 * mine it; the error carries the hash. Any other failure is rethrown.
 */
function minedButReverted(error: unknown): Hash {
  const withHash =
    error instanceof BaseError
      ? error.walk((cause) => typeof (cause as { data?: { txHash?: unknown } }).data?.txHash === "string")
      : undefined;
  const hash = (withHash as { data?: { txHash?: Hash } } | undefined)?.data?.txHash;
  if (!hash) throw error;
  return hash;
}

describe("first come first served on chain and in the database (T18)", () => {
  it("lets exactly the share count of concurrent claims through, and the books count exactly those", async () => {
    const claimers = Array.from({ length: 12 }, () => newWallet());
    const detail = await releasedAirdrop(
      { mode: "fcfs", shares: 4, totalAmount: "40" },
      claimers.map((wallet) => wallet.address).join("\n"),
    );
    const claims = await Promise.all(
      claimers.map(
        async (wallet) =>
          (await call<AirdropClaim>("GET", `/${detail.id}/claim?account=${wallet.address}`)).body.content,
      ),
    );
    const senders = chain.accounts.slice(4, 16).map((account) => privateKeyToAccount(account.privateKey));
    // Every send must end in a mined transaction, successful or reverted: a send that failed otherwise fails the
    // test instead of leaving the race with fewer claimers.
    const hashes = await Promise.all(
      claims.map((claim, position) =>
        walletOf(senders[position % senders.length]!)
          .writeContract({
            address: deployment.airdropDistributor,
            abi: airdropDistributorAbi,
            functionName: "claim",
            args: [
              BigInt(detail.campaignId!),
              BigInt(claim.index!),
              claim.account as Address,
              BigInt(claim.amount!),
              claim.proof as Hex[],
              // Gas is fixed so a transaction bound to revert is still sent and mined.
            ],
            gas: 300_000n,
          })
          .catch(minedButReverted),
      ),
    );
    const receipts = await Promise.all(
      hashes.map((hash) => publicClient.waitForTransactionReceipt({ hash })),
    );
    expect(new Set(receipts.map((receipt) => receipt.transactionHash)).size).toBe(claimers.length);
    const succeeded = receipts.filter((receipt) => receipt.status === "success");
    expect(succeeded).toHaveLength(4);
    expect(receipts.filter((receipt) => receipt.status === "reverted")).toHaveLength(claimers.length - 4);
    // Every transaction is reported, some twice and concurrently: only the successful ones count, once each.
    const reports = await Promise.all(
      [...receipts, ...succeeded].map((receipt) =>
        call("POST", `/${detail.id}/transactions`, {
          token: stranger.token,
          body: { txHash: receipt.transactionHash },
        }),
      ),
    );
    const reverted = reports.filter((report) => report.body.typeCode === 204);
    expect(reverted).toHaveLength(claimers.length - 4);
    const [row] = await context.database.db.select().from(airdrops).where(eq(airdrops.id, detail.id));
    expect(row?.claimCount).toBe(4);
    expect(row?.claimedAmount).toBe((40n * 10n ** 18n).toString());
    const claimed = await context.database.db
      .select()
      .from(airdropParticipants)
      .where(eq(airdropParticipants.airdropId, detail.id));
    expect(claimed.filter((participant) => participant.claimedAt !== null)).toHaveLength(4);
  });
});

describe("Discord and Telegram lists", () => {
  it("grants a Discord-role reward through the bot to listed members with a bound Discord account", async () => {
    const draft = await createDraft({
      idType: "discord",
      rewardType: "discord_role",
      chainId: null,
      tokenAddress: null,
      totalAmount: null,
      discordGuildId: discordFixtures.guild,
      discordRoleId: discordFixtures.roles.airdropOg,
    });
    await call("PUT", `/${draft.id}/participants`, {
      token: creatorToken,
      text: `sandbox_bob\n${discordFixtures.users.carol}\nsomeone_else`,
    });
    const prepared = await call<AirdropDetail>("POST", `/${draft.id}/prepare`, { token: creatorToken });
    expect(prepared.body.content).toMatchObject({ prepared: true, campaignParams: null });
    const released = await call<AirdropDetail>("POST", `/${draft.id}/release`, { token: creatorToken });
    expect(released.body.content.status).toBe(2);

    const bob = await signIn(context.app);
    const withoutDiscord = await call("POST", `/${draft.id}/discord-role`, { token: bob.token });
    expect(withoutDiscord.body.typeCode).toBe(206);
    await linkDiscord(context.app, bob.token, discordFixtures.users.bob);
    const before = await call<AirdropClaim>("GET", `/${draft.id}/claim`, { token: bob.token });
    expect(before.body.content).toMatchObject({ eligible: true, claimState: 0, voucher: null, proof: null });
    const granted = await call<AirdropClaim>("POST", `/${draft.id}/discord-role`, { token: bob.token });
    expect(granted.body.content).toMatchObject({ eligible: true, claimState: 1, account: "sandbox_bob" });
    const member = context.discordSandbox.world.member(discordFixtures.guild, discordFixtures.users.bob);
    expect(member?.roles).toContain(discordFixtures.roles.airdropOg);
    const again = await call<AirdropClaim>("POST", `/${draft.id}/discord-role`, { token: bob.token });
    expect(again.body.content.claimState).toBe(1);
    const detail = await call<AirdropDetail>("GET", `/${draft.id}`);
    expect(detail.body.content.claimCount).toBe(1);

    // Listed but not on the list: a bound account that is not listed gets nothing.
    const host = await signIn(context.app);
    await linkDiscord(context.app, host.token, discordFixtures.users.host);
    const notListed = await call<AirdropClaim>("POST", `/${draft.id}/discord-role`, { token: host.token });
    expect(notListed.body.content.eligible).toBe(false);
  });

  it("refuses a Discord role the bot cannot grant when the reward is prepared", async () => {
    const draft = await createDraft({
      idType: "discord",
      rewardType: "discord_role",
      chainId: null,
      tokenAddress: null,
      totalAmount: null,
      discordGuildId: discordFixtures.guild,
      // A role of another server: not in this one.
      discordRoleId: context.discordSandbox.world.fixtures.roles.partnerHolder.id,
    });
    await call("PUT", `/${draft.id}/participants`, { token: creatorToken, text: "sandbox_bob" });
    const prepared = await call("POST", `/${draft.id}/prepare`, { token: creatorToken });
    expect(prepared.body.message).toContain("Our bot cannot grant this role");
  });

  it("gives a Telegram participant a voucher for their wallet once they bind their Telegram account", async () => {
    const draft = await createDraft({ idType: "telegram", totalAmount: "10" });
    await call("PUT", `/${draft.id}/participants`, {
      token: creatorToken,
      text: `${telegramFixtures.alice}\n${telegramFixtures.carol}`,
    });
    const funded = await fund(await prepared(draft.id));
    await call("POST", `/${funded.id}/release`, { token: creatorToken });
    const wallet = privateKeyToAccount(chain.accounts[17]!.privateKey);
    const session = await signIn(context.app, wallet);
    expect((await call("GET", `/${draft.id}/claim`, { token: session.token })).body.typeCode).toBe(206);
    await linkTelegram(
      context.app,
      session.token,
      context.telegramSandbox.loginFields(telegramFixtures.alice),
    );
    const claim = await call<AirdropClaim>("GET", `/${draft.id}/claim`, { token: session.token });
    expect(claim.body.content).toMatchObject({
      eligible: true,
      claimState: 0,
      amount: (5n * 10n ** 18n).toString(),
    });
    expect(claim.body.content.voucher?.recipient).toBe(wallet.address);
  });
});
