// Confirmations and reorganisations, against a real local Hardhat chain driven with evm_snapshot, evm_revert and
// evm_mine: the airdrop's books count a distributor event only once its block has the chain's confirmations
// (the local chain's default, 2), and an event whose block is orphaned is taken back out, while the events of the
// chain that replaced it are applied once.
import { airdropDistributorAbi } from "@dropfair/chain/abis";
import { testTokenArtifact } from "@dropfair/contracts/artifacts";
import { campaignArgsOf } from "@dropfair/core/airdrop";
import { airdropChainEvents, airdropIndexerCursors, eq } from "@dropfair/db";
import type { AirdropClaim, AirdropDetail } from "@dropfair/schemas/airdrop";
import type { Hash, Hex } from "viem";
import { describe, expect, it } from "vitest";
import {
  call,
  chain,
  claimOnChain,
  context,
  createDraft,
  creator,
  creatorToken,
  deployment,
  mined,
  prepared,
  publicClient,
  reportTransaction,
  useAirdropApi,
  walletOf,
} from "./airdrop-api-helper.ts";
import { newWallet } from "./helper.ts";

// An empty CONFIRMATIONS_31337 leaves the local chain at its registry default: 2 blocks, the transaction's own
// included.
useAirdropApi({ environment: { CONFIRMATIONS_31337: "" } });

const request = (method: string, params: unknown[] = []) =>
  publicClient.request({ method: method as never, params: params as never }) as Promise<unknown>;
const snapshot = () => request("evm_snapshot") as Promise<Hex>;
async function revertTo(id: Hex) {
  expect(await request("evm_revert", [id])).toBe(true);
}
async function mineBlocks(count: number) {
  for (let index = 0; index < count; index++) await request("evm_mine");
}

async function detail(id: number): Promise<AirdropDetail> {
  return (await call<AirdropDetail>("GET", `/${id}`, { token: creatorToken })).body.content;
}

async function claimOf(id: number, account: string): Promise<AirdropClaim> {
  return (await call<AirdropClaim>("GET", `/${id}/claim?account=${account}`)).body.content;
}

async function eventsOf(id: number) {
  const rows = await context.database.db
    .select()
    .from(airdropChainEvents)
    .where(eq(airdropChainEvents.airdropId, id));
  return rows.map((row) => `${row.eventName} ${row.txHash}`).sort();
}

/** Runs the indexer until it has read every confirmed block. */
async function indexAll() {
  const service = context.app.airdrop;
  let rolledBack = 0;
  let applied = 0;
  for (let pass = 0; pass < 50; pass++) {
    const step = (await service.indexChain(chain.chainId))!;
    rolledBack += step.rolledBack;
    applied += step.applied;
    if (step.toBlock >= (await publicClient.getBlockNumber()) - 1n) return { applied, rolledBack };
  }
  throw new Error("the indexer did not catch up");
}

/** Opens and funds the prepared airdrop's campaign on chain (approve, then createCampaignAndDeposit). */
async function fundOnChain(prepared: AirdropDetail): Promise<Hash> {
  const amount = BigInt(prepared.requiredDeposit!);
  const wallet = walletOf(creator);
  await mined(
    await wallet.writeContract({
      address: deployment.testToken,
      abi: testTokenArtifact.abi,
      functionName: "approve",
      args: [deployment.airdropDistributor, amount],
    }),
  );
  return mined(
    await wallet.writeContract({
      address: deployment.airdropDistributor,
      abi: airdropDistributorAbi,
      functionName: "createCampaignAndDeposit",
      args: [campaignArgsOf(prepared.campaignParams!), amount],
    }),
  );
}

async function preparedDraft(title: string, accounts: readonly string[]): Promise<AirdropDetail> {
  const draft = await createDraft({ title });
  const uploaded = await call("PUT", `/${draft.id}/participants`, {
    token: creatorToken,
    text: accounts.join("\n"),
  });
  expect(uploaded.status).toBe(200);
  return prepared(draft.id);
}

describe("confirmations before the books count a transaction", () => {
  it("refuses a reported transaction until it has the chain's confirmations, in English and Chinese", async () => {
    const draft = await preparedDraft("Confirmed only", [newWallet().address]);
    const hash = await fundOnChain(draft);

    const early = await reportTransaction(draft.id, hash);
    expect(early.status).toBe(409);
    expect(early.body).toEqual({
      content: null,
      typeCode: 207,
      message:
        "The transaction is not confirmed yet: it needs 2 confirmations. Please try again in a moment.",
    });
    const earlyCn = await call("POST", `/${draft.id}/transactions`, {
      token: creatorToken,
      body: { txHash: hash },
      headers: { "accept-language": "zh-CN" },
    });
    expect(earlyCn.status).toBe(409);
    expect(earlyCn.body.message).toBe("该交易尚未确认：需要 2 个区块确认。请稍后再试。");
    expect(await detail(draft.id)).toMatchObject({ campaignId: null, deposited: "0" });
    expect(await eventsOf(draft.id)).toEqual([]);

    await mineBlocks(1);
    const counted = await reportTransaction(draft.id, hash);
    expect(counted.status).toBe(200);
    expect(counted.body.content).toMatchObject({ deposited: draft.requiredDeposit });
    expect(counted.body.content.campaignId).not.toBeNull();
  });

  it("leaves a claim in the newest block to the next pass of the indexer", async () => {
    const listed = [newWallet().address, newWallet().address];
    const draft = await preparedDraft("Indexed when confirmed", listed);
    await fundOnChain(draft);
    await mineBlocks(1);
    await indexAll();
    const funded = await detail(draft.id);
    expect(funded.deposited).toBe(draft.requiredDeposit);
    expect((await call("POST", `/${draft.id}/release`, { token: creatorToken })).status).toBe(200);

    await claimOnChain(funded, await claimOf(draft.id, listed[0]!), creator);
    await context.app.airdrop.indexChain(chain.chainId);
    expect((await detail(draft.id)).claimCount).toBe(0);
    await mineBlocks(1);
    await context.app.airdrop.indexChain(chain.chainId);
    expect((await detail(draft.id)).claimCount).toBe(1);
  });
});

describe("reorganisations (evm_snapshot and evm_revert on the local chain)", () => {
  it("takes back a claim whose block was orphaned, and applies the new chain's claim once", async () => {
    const listed = [newWallet().address, newWallet().address];
    const draft = await preparedDraft("Reorganised claim", listed);
    await fundOnChain(draft);
    await mineBlocks(1);
    await indexAll();
    expect((await call("POST", `/${draft.id}/release`, { token: creatorToken })).status).toBe(200);
    const released = await detail(draft.id);
    const [first, second] = [await claimOf(draft.id, listed[0]!), await claimOf(draft.id, listed[1]!)];
    await indexAll();

    const fork = await snapshot();
    const orphanedClaim = await claimOnChain(released, first, creator);
    await mineBlocks(1);
    expect(await indexAll()).toEqual({ applied: 1, rolledBack: 0 });
    expect(await detail(draft.id)).toMatchObject({ claimCount: 1, claimedAmount: first.amount });
    expect((await claimOf(draft.id, listed[0]!)).claimState).toBe(1);

    // The chain drops the block with the first claim; the second participant's claim is mined instead, and the
    // new chain grows longer than the old one.
    await revertTo(fork);
    const survivingClaim = await claimOnChain(released, second, creator);
    await mineBlocks(2);
    expect(await indexAll()).toEqual({ applied: 1, rolledBack: 1 });

    expect(await detail(draft.id)).toMatchObject({ claimCount: 1, claimedAmount: second.amount });
    expect((await claimOf(draft.id, listed[0]!)).claimState).toBe(0);
    expect((await claimOf(draft.id, listed[1]!)).claimState).toBe(1);
    const events = await eventsOf(draft.id);
    expect(events.filter((event) => event.startsWith("Claimed"))).toEqual([`Claimed ${survivingClaim}`]);
    expect(events.some((event) => event.endsWith(orphanedClaim))).toBe(false);

    // Applied once: more passes and a second report change nothing.
    await mineBlocks(3);
    expect(await indexAll()).toEqual({ applied: 0, rolledBack: 0 });
    expect((await reportTransaction(draft.id, survivingClaim)).status).toBe(200);
    expect(await detail(draft.id)).toMatchObject({ claimCount: 1, claimedAmount: second.amount });
  });

  it("takes back a reported funding whose block was orphaned, and counts the new chain's funding once", async () => {
    const draft = await preparedDraft("Reorganised funding", [newWallet().address]);
    await indexAll();
    const fork = await snapshot();
    const orphanedFunding = await fundOnChain(draft);
    await mineBlocks(1);
    expect((await reportTransaction(draft.id, orphanedFunding)).status).toBe(200);
    expect((await detail(draft.id)).deposited).toBe(draft.requiredDeposit);

    // The funding's blocks leave the chain; three empty blocks take their place.
    await revertTo(fork);
    await mineBlocks(3);
    expect(await indexAll()).toMatchObject({ applied: 0, rolledBack: 2 });
    expect(await detail(draft.id)).toMatchObject({ campaignId: null, deposited: "0" });
    expect(await eventsOf(draft.id)).toEqual([]);
    const gone = await reportTransaction(draft.id, orphanedFunding);
    expect(gone.status).toBe(422);

    const funding = await fundOnChain(draft);
    await mineBlocks(1);
    expect(await indexAll()).toEqual({ applied: 2, rolledBack: 0 });
    expect((await reportTransaction(draft.id, funding)).status).toBe(200);
    const funded = await detail(draft.id);
    expect(funded.deposited).toBe(draft.requiredDeposit);
    expect(funded.campaignId).not.toBeNull();
    expect(await eventsOf(draft.id)).toEqual([`CampaignCreated ${funding}`, `Deposited ${funding}`]);
  });

  it("keeps the hash of the last block it read with its cursor", async () => {
    await mineBlocks(2);
    await indexAll();
    const [cursor] = await context.database.db
      .select()
      .from(airdropIndexerCursors)
      .where(eq(airdropIndexerCursors.chainId, chain.chainId));
    const block = await publicClient.getBlock({ blockNumber: cursor!.nextBlock - 1n });
    expect(cursor!.lastBlockHash).toBe(block.hash);
  });
});
