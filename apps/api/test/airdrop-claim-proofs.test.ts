// A wallet list's proofs as the claim route answers them (one statement over the stored tree chunks) against the
// tree @dropfair/core builds from the public claims list: equal sibling for sibling, leaf side first, and each
// one takes its claim to the airdrop's Merkle root. Lists of 1 claim (no siblings), 2, 5 and 11 (every
// position), and one of 5,000 whose leaves and nodes span several chunks of 4,096 (positions around the edges).
import { randomBytes } from "node:crypto";
import { buildClaimsTree, parseClaimsList, verifyClaimProof } from "@dropfair/core/airdrop";
import type { AirdropClaim } from "@dropfair/schemas/airdrop";
import { getAddress, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { call, context, releasedAirdrop, useAirdropApi } from "./airdrop-api-helper.ts";

useAirdropApi();

const randomWallet = () => getAddress(`0x${randomBytes(20).toString("hex")}`);

/** A released wallet list of `size` random wallets, its claims list, and the tree core builds from it. */
async function releasedList(size: number) {
  const wallets = Array.from({ length: size }, randomWallet);
  const detail = await releasedAirdrop({ title: `${size} claims` }, wallets.join("\n"));
  const list = await context.app.inject({ url: `/api/bounty/airdrop/${detail.id}/claims-list` });
  expect(list.statusCode).toBe(200);
  const claims = parseClaimsList(list.body);
  expect(claims.map((claim) => claim.account)).toEqual(wallets);
  const tree = buildClaimsTree(claims);
  expect(tree.root).toBe(detail.merkleRoot);
  return { id: detail.id, claims, tree };
}

/** The claim route's answer for the claim at `position`, checked against the tree. */
async function expectProof(list: Awaited<ReturnType<typeof releasedList>>, position: number) {
  const claim = list.claims[position]!;
  const answer = await call<AirdropClaim>("GET", `/${list.id}/claim?account=${claim.account.toLowerCase()}`);
  expect(answer.status).toBe(200);
  const content = answer.body.content;
  expect(content).toMatchObject({
    eligible: true,
    claimState: 0,
    index: position,
    account: claim.account,
    amount: claim.amount.toString(),
  });
  const expected = list.tree.proof(position);
  expect(content.proof, `position ${position}`).toEqual(expected);
  expect(verifyClaimProof(list.tree.root, claim, content.proof as Hex[])).toBe(true);
  return expected.length;
}

describe("a wallet list's claim proofs, read in one statement", () => {
  it("equal the proofs core builds, for every position of lists of 1, 2, 5 and 11 claims", async () => {
    const lengths: number[][] = [];
    for (const size of [1, 2, 5, 11]) {
      const list = await releasedList(size);
      const proofLengths: number[] = [];
      for (let position = 0; position < size; position++)
        proofLengths.push(await expectProof(list, position));
      lengths.push(proofLengths);
    }
    // A single claim is the root itself: an empty proof. Leaves of odd lists sit at two depths.
    expect(lengths[0]).toEqual([0]);
    expect(lengths[1]).toEqual([1, 1]);
    expect(new Set(lengths[2])).toEqual(new Set([2, 3]));
    expect(new Set(lengths[3])).toEqual(new Set([3, 4]));
  });

  it("equal them across chunk edges in a list of 5,000 (nodes in 3 chunks, leaf positions in 2)", async () => {
    const list = await releasedList(5000);
    // Leaves fill tree nodes 4,999 to 9,998: the claims at the first and last leaf nodes and on both sides of
    // node 8,192 (where the third node chunk starts), and positions on both sides of 4,096 (the second leaf chunk).
    const atNode = new Map(list.claims.map((_, position) => [list.tree.treeIndexOf(position), position]));
    const byNode = [4999, 8191, 8192, 9998].map((node) => atNode.get(node)!);
    for (const position of [0, 1, 4095, 4096, 4999, ...byNode]) {
      expect(await expectProof(list, position)).toBeGreaterThanOrEqual(12);
    }
  }, 120_000);

  it("answers an unlisted account without a proof, and 404 for a missing airdrop", async () => {
    const list = await releasedList(3);
    const unlisted = await call<AirdropClaim>("GET", `/${list.id}/claim?account=${randomWallet()}`);
    expect(unlisted.body.content).toEqual({
      eligible: false,
      claimState: null,
      index: null,
      account: null,
      amount: null,
      proof: null,
      voucher: null,
      signature: null,
    });
    const missing = await call("GET", `/${list.id + 1000}/claim?account=${randomWallet()}`);
    expect(missing.status).toBe(404);
  });
});
