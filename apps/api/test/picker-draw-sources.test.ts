// The draw against real block sources (T22): two local Hardhat nodes as two RPC endpoints of the draw chain. Two
// sources that disagree on the target block's hash make the draw wait, say so on the picker, and fail visibly
// after the timeout; a reorganisation after the draw read its block (driven with evm_snapshot, evm_revert and
// evm_mine between the read and the publication) is caught before any winner is published.
import { type LocalChain, startLocalChain } from "@dropfair/contracts/local-chain";
import { entryHash } from "@dropfair/core/fairness";
import { pickerStatus } from "@dropfair/core/picker";
import { eq, isNotNull, pickerDraws, pickerEntries, pickers } from "@dropfair/db";
import { createTestDatabase, type TestDatabase } from "@dropfair/db/testing";
import {
  createPublicClient,
  custom,
  defineChain,
  type EIP1193RequestFn,
  type Hex,
  http,
  type PublicClient,
} from "viem";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { commitEligibleList, runDrawStep } from "../src/modules/picker/index.ts";

const postId = "2002842258109890560";
const userIds = Array.from({ length: 30 }, (_, index) =>
  String(1_000_000_000_000_000n + BigInt(index) * 7919n),
);
const chainId = 31337;
const localViemChain = defineChain({
  id: chainId,
  name: "local",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [] } },
});

let nodeA: LocalChain;
let nodeB: LocalChain;
let database: TestDatabase;

beforeAll(async () => {
  [nodeA, nodeB] = await Promise.all([startLocalChain({ port: 0 }), startLocalChain({ port: 0 })]);
}, 120_000);

afterAll(async () => {
  await Promise.all([nodeA?.stop(), nodeB?.stop()]);
});

beforeEach(async () => {
  database = await createTestDatabase();
});

afterEach(async () => {
  await database.destroy();
});

/**
 * A client of a node; `after` runs once a request has its answer and before the caller gets it, so a test can
 * change the chain in the middle of whatever the draw is doing.
 */
function clientOf(
  node: LocalChain,
  after?: (method: string, params: unknown) => Promise<void>,
): PublicClient {
  const transport = http(node.rpcUrl, { retryCount: 0 })({ chain: localViemChain });
  const request: EIP1193RequestFn = async (args) => {
    const result = await transport.request(args);
    await after?.(args.method, args.params);
    return result as never;
  };
  return createPublicClient({ chain: localViemChain, transport: custom({ request }), cacheTime: 0 });
}

async function rpc(node: LocalChain, method: string, params: unknown[] = []): Promise<unknown> {
  return clientOf(node).request({ method: method as never, params: params as never });
}

async function head(node: LocalChain): Promise<bigint> {
  return BigInt((await rpc(node, "eth_blockNumber")) as Hex);
}

async function hashAt(node: LocalChain, blockNumber: bigint): Promise<Hex> {
  const block = (await rpc(node, "eth_getBlockByNumber", [`0x${blockNumber.toString(16)}`, false])) as {
    hash: Hex;
  };
  return block.hash;
}

/** Mines until the node's head reaches `to`; `seconds` later than it would be, so its blocks are its own. */
async function mineTo(node: LocalChain, to: bigint, seconds = 0): Promise<void> {
  if (seconds > 0) await rpc(node, "evm_increaseTime", [seconds]);
  while ((await head(node)) < to) await rpc(node, "evm_mine");
}

/** A picker with entrants, ready to draw, and its draw committed on `targetBlock` of the local chain. */
async function committedDraw(targetBlock: bigint, createdAt = new Date()) {
  const [picker] = await database.db
    .insert(pickers)
    .values({
      seed: "sources22",
      ownerXUserId: "1187458739205046272",
      ownerUsername: "dropfair_host",
      creatorXUserId: "1187458739205046272",
      postId,
      postUrl: `https://x.com/dropfair_host/status/${postId}`,
      winnerCount: 3,
      requireRetweet: true,
      requireReply: false,
      infoType: "evm",
      status: pickerStatus.selecting,
      drawCount: 1,
    })
    .returning();
  await database.db.insert(pickerEntries).values(
    userIds.map((userId, index) => ({
      pickerId: picker!.id,
      xUserId: userId,
      username: `user${index}`,
      entryHash: entryHash(postId, userId),
    })),
  );
  const { commitment, entryCount } = await commitEligibleList(database.db, picker!.id);
  const [draw] = await database.db
    .insert(pickerDraws)
    .values({
      pickerId: picker!.id,
      count: 1,
      kind: "draw",
      commitment,
      entryCount,
      winnerCount: 3,
      chainId,
      targetBlock,
      actorXUserId: "1187458739205046272",
      ownerXUserId: "1187458739205046272",
      createdAt,
    })
    .returning();
  return { pickerId: picker!.id, drawId: draw!.id };
}

async function state(pickerId: number, drawId: number) {
  const [picker] = await database.db.select().from(pickers).where(eq(pickers.id, pickerId));
  const [draw] = await database.db.select().from(pickerDraws).where(eq(pickerDraws.id, drawId));
  const ranked = await database.db.select().from(pickerEntries).where(isNotNull(pickerEntries.rank));
  return {
    pickerStatus: picker!.status,
    errorMessage: picker!.errorMessage,
    drawStatus: draw!.status,
    blockHash: draw!.blockHash,
    ranked: ranked.length,
  };
}

function sources(primary: PublicClient, check?: PublicClient) {
  return {
    chainClient: (id: number) => (id === chainId ? primary : undefined),
    checkClient: (id: number) => (id === chainId ? check : undefined),
  };
}

describe("two block sources (T22)", () => {
  it("draws when both sources name the same block", async () => {
    const target = (await head(nodeA)) + 2n;
    const { pickerId, drawId } = await committedDraw(target);
    await mineTo(nodeA, target + 2n);
    const deps = {
      db: database.db,
      ...sources(clientOf(nodeA), clientOf(nodeA)),
      confirmations: 2,
      timeoutMs: 60_000,
      now: () => new Date(),
    };
    expect(await runDrawStep(deps, drawId)).toEqual({ state: "drawn" });
    expect(await state(pickerId, drawId)).toMatchObject({
      drawStatus: "drawn",
      blockHash: await hashAt(nodeA, target),
      errorMessage: null,
      ranked: userIds.length,
    });
  });

  it("waits while they disagree on the target block's hash, says so, and fails visibly after the timeout", async () => {
    const target = ((await head(nodeA)) > (await head(nodeB)) ? await head(nodeA) : await head(nodeB)) + 2n;
    const createdAt = new Date();
    const { pickerId, drawId } = await committedDraw(target, createdAt);
    await mineTo(nodeA, target + 2n);
    // The second node's blocks come 13 seconds later: the same heights, other blocks.
    await mineTo(nodeB, target + 2n, 13);
    expect(await hashAt(nodeA, target)).not.toBe(await hashAt(nodeB, target));
    let now = new Date(createdAt.getTime() + 1_000);
    const deps = {
      db: database.db,
      ...sources(clientOf(nodeA), clientOf(nodeB)),
      confirmations: 2,
      timeoutMs: 60_000,
      now: () => now,
    };

    expect(await runDrawStep(deps, drawId)).toEqual({ state: "waiting", reason: "sources-disagree" });
    expect(await runDrawStep(deps, drawId)).toEqual({ state: "waiting", reason: "sources-disagree" });
    expect(await state(pickerId, drawId)).toEqual({
      pickerStatus: pickerStatus.selecting,
      errorMessage: "picker.drawSourcesDisagree",
      drawStatus: "waiting",
      blockHash: null,
      ranked: 0,
    });

    now = new Date(createdAt.getTime() + 61_000);
    expect(await runDrawStep(deps, drawId)).toEqual({
      state: "failed",
      messageKey: "picker.drawSourcesFailed",
    });
    expect(await state(pickerId, drawId)).toEqual({
      pickerStatus: pickerStatus.readyToPick,
      errorMessage: "picker.drawSourcesFailed",
      drawStatus: "failed",
      blockHash: null,
      ranked: 0,
    });
  });

  it("waits for the second source's confirmations too, and draws once the sources agree", async () => {
    const target = ((await head(nodeA)) > (await head(nodeB)) ? await head(nodeA) : await head(nodeB)) + 2n;
    const { pickerId, drawId } = await committedDraw(target);
    await mineTo(nodeA, target + 2n);
    await mineTo(nodeB, target, 5);
    let check = clientOf(nodeB);
    const deps = {
      db: database.db,
      chainClient: () => clientOf(nodeA),
      checkClient: () => check,
      confirmations: 2,
      timeoutMs: 60_000,
      now: () => new Date(),
    };
    expect(await runDrawStep(deps, drawId)).toEqual({ state: "waiting", reason: "confirmations" });
    await mineTo(nodeB, target + 2n);
    expect(await runDrawStep(deps, drawId)).toEqual({ state: "waiting", reason: "sources-disagree" });
    expect(await state(pickerId, drawId)).toMatchObject({ errorMessage: "picker.drawSourcesDisagree" });
    // The operator points the second source at an endpoint that follows the same chain: the draw goes on.
    check = clientOf(nodeA);
    expect(await runDrawStep(deps, drawId)).toEqual({ state: "drawn" });
    expect(await state(pickerId, drawId)).toMatchObject({
      drawStatus: "drawn",
      errorMessage: null,
      blockHash: await hashAt(nodeA, target),
      ranked: userIds.length,
    });
  });
});

describe("a reorganisation after the draw read its block (T22)", () => {
  it("is caught before the winners are published, and the draw then uses the new block", async () => {
    const start = await head(nodeA);
    const target = start + 2n;
    const { pickerId, drawId } = await committedDraw(target);
    const fork = (await rpc(nodeA, "evm_snapshot")) as Hex;
    await mineTo(nodeA, target + 2n);
    const readHash = await hashAt(nodeA, target);

    // Once the draw has read the target and its child, the chain drops them for blocks 7 seconds later.
    let reorganised = false;
    const primary = clientOf(nodeA, async (method, params) => {
      const asked = method === "eth_getBlockByNumber" ? BigInt((params as [Hex])[0]) : undefined;
      if (reorganised || asked !== target + 1n) return;
      reorganised = true;
      expect(await rpc(nodeA, "evm_revert", [fork])).toBe(true);
      await mineTo(nodeA, target + 2n, 7);
    });
    const deps = {
      db: database.db,
      ...sources(primary),
      confirmations: 2,
      timeoutMs: 60_000,
      now: () => new Date(),
    };

    expect(await runDrawStep(deps, drawId)).toEqual({ state: "waiting", reason: "reorg" });
    expect(reorganised).toBe(true);
    const newHash = await hashAt(nodeA, target);
    expect(newHash).not.toBe(readHash);
    expect(await state(pickerId, drawId)).toEqual({
      pickerStatus: pickerStatus.selecting,
      errorMessage: null,
      drawStatus: "waiting",
      blockHash: null,
      ranked: 0,
    });

    expect(await runDrawStep(deps, drawId)).toEqual({ state: "drawn" });
    expect(await state(pickerId, drawId)).toMatchObject({
      drawStatus: "drawn",
      blockHash: newHash,
      ranked: userIds.length,
    });
  });
});
