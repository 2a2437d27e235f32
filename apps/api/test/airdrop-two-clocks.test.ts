// The refund and claim actions an airdrop offers follow the chain's clock, the one the distributor contract
// compares with, not only the server's: against a real local chain whose clock lags behind or runs ahead.

import { setTimeout as sleep } from "node:timers/promises";
import { airdropDistributorAbi } from "@dropfair/chain/abis";
import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { describe, expect, it } from "vitest";
import {
  call,
  creator,
  creatorToken,
  deployment,
  moveChainClockOnly,
  moveServerClockOnly,
  publicClient,
  refundOnChain,
  releasedAirdrop,
  useAirdropApi,
} from "./airdrop-api-helper.ts";

useAirdropApi();

/** The detail as the page reads it, once the API's one-second reading of the chain's clock has expired. */
async function freshDetail(id: number): Promise<AirdropDetail> {
  await sleep(1_100);
  const response = await call<AirdropDetail>("GET", `/${id}`, { token: creatorToken });
  expect(response.status).toBe(200);
  return response.body.content;
}

async function latestBlockTime(): Promise<Date> {
  return new Date(Number((await publicClient.getBlock({ blockTag: "latest" })).timestamp) * 1000);
}

function simulateRefund(detail: AirdropDetail) {
  return publicClient.simulateContract({
    account: creator,
    address: deployment.airdropDistributor,
    abi: airdropDistributorAbi,
    functionName: "refund",
    args: [BigInt(detail.campaignId ?? expect.unreachable("not on chain"))],
  });
}

describe("an airdrop's on-chain actions and the two clocks", () => {
  it("offers no refund while the chain is still inside the window, though the server's clock has passed the end", async () => {
    const released = await releasedAirdrop();
    expect(released).toMatchObject({ status: 2, claimOpen: true, refundOpen: false });

    moveServerClockOnly(31 * 60);
    const lagging = await freshDetail(released.id);
    expect(lagging.status).toBe(3);
    expect(lagging).toMatchObject({ claimOpen: false, refundOpen: false });
    expect(new Date(lagging.chainTime ?? expect.unreachable("no chain time")).getTime()).toBeLessThan(
      new Date(lagging.endAt).getTime(),
    );
    // What the contract says to the refund the page would have offered before:
    await expect(simulateRefund(lagging)).rejects.toThrow(/RefundWhileInProgress/);

    await moveChainClockOnly(31 * 60);
    const passed = await freshDetail(released.id);
    expect(passed).toMatchObject({ status: 3, claimOpen: false, refundOpen: true });
    expect(passed.chainTime).toBe((await latestBlockTime()).toISOString());
    await refundOnChain(passed);
  });

  it("offers the refund and no claim once a chain running ahead has passed the end, while the server's clock is inside", async () => {
    const released = await releasedAirdrop();
    await moveChainClockOnly(31 * 60);
    const ahead = await freshDetail(released.id);
    expect(ahead.status).toBe(2);
    expect(ahead).toMatchObject({ claimOpen: false, refundOpen: true });
    await expect(simulateRefund(ahead)).resolves.toBeDefined();
  });
});
