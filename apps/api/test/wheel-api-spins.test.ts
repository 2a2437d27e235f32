// Spins end to end through the HTTP layer and a real local chain: vouchers, the transaction on LuckyWheel, the
// recorder reading Spin events with their confirmations, outcomes equal to the wheel module's, and T24 (the salt
// hash is published before any spin; a re-requested, replayed or cancelled spin cannot change its outcome).
import { createServer } from "node:net";
import { luckyWheelAbi } from "@dropfair/chain/abis";
import { main } from "@dropfair/cli";
import {
  drawWheelSpins,
  saltHashOf,
  spinOutcome,
  spinRand,
  verifyWheelGameFile,
  wheelGameVerified,
} from "@dropfair/core/wheel";
import { eq, pointsLedger, wheelGames, wheelSpins } from "@dropfair/db";
import type { WheelGameDetail, WheelGameFileAnswer, WheelSpin } from "@dropfair/schemas/wheel";
import { type Address, createPublicClient, type Hex, http, type PublicClient } from "viem";
import { describe, expect, it } from "vitest";
import { handleRecordSpinsJob } from "../src/modules/wheel/index.ts";
import {
  askVoucher,
  call,
  chain,
  context,
  createGame,
  creator,
  creatorToken,
  grant,
  mineBlocks,
  player,
  playerToken,
  publicClient,
  setAppChainClient,
  spin,
  spinOnChain,
  useWheelApi,
  walletOf,
} from "./wheel-helper.ts";

useWheelApi();

async function saltOf(gameId: number): Promise<string> {
  const [row] = await context.database.db.select().from(wheelGames).where(eq(wheelGames.id, gameId));
  return row!.salt;
}

async function spinRow(spinId: number) {
  const [row] = await context.database.db.select().from(wheelSpins).where(eq(wheelSpins.id, spinId));
  return row!;
}

const detailOf = async (gameId: number) =>
  (await call<WheelGameDetail>("GET", `/games/${gameId}`)).body.content;

describe("a spin, from voucher to recorded outcome", () => {
  it("records the outcome the wheel module computes from the spin's block hash, tx hash and the salt", async () => {
    const game = await createGame();
    await grant(game.id, player.address, 2);
    const recorded = await spin(game.id);
    expect(recorded.stage).toBe("completed");
    expect(recorded.blockHash).toMatch(/^0x[0-9a-f]{64}$/);
    const row = await spinRow(recorded.spinId);
    const rand = spinRand(
      { account: player.address, nonce: recorded.nonce, blockHash: row.blockHash!, txHash: row.txHash! },
      await saltOf(game.id),
    );
    const expected = spinOutcome(
      game.prizes.map((prize) => ({ id: prize.id, weight: prize.weight, count: prize.count })),
      new Map(),
      rand,
    );
    expect(recorded.position).toBe(expected.position!.toString());
    expect(recorded.prizeId).toBe(expected.prizeId);
    // An EP prize is credited at once, once (the recorder running again changes nothing).
    await context.app.wheel.recordChain(chain.chainId);
    const credits = await context.database.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.sourceKind, "wheel"));
    expect(credits.filter((credit) => credit.sourceId === String(recorded.spinId))).toHaveLength(
      recorded.prizeId === "p1" ? 1 : 0,
    );
    // The draw records show it, the player's own on top.
    const draws = await call<{ rows: { nonce: string; mine: boolean; txHash: string }[] }>(
      "GET",
      `/games/${game.id}/draws`,
      { token: playerToken },
    );
    expect(draws.body.content.rows[0]).toMatchObject({
      nonce: recorded.nonce,
      mine: true,
      txHash: row.txHash,
    });
  });

  it("draw records are public: signed out they list every recorded spin, none as the caller's own", async () => {
    const game = await createGame();
    await grant(game.id, player.address, 1);
    const recorded = await spin(game.id);
    const anonymous = await call<{ rows: { nonce: string; mine: boolean }[]; total: number }>(
      "GET",
      `/games/${game.id}/draws`,
    );
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.content).toEqual({
      rows: [expect.objectContaining({ nonce: recorded.nonce, mine: false })],
      total: 1,
    });
  });

  it("draw records come a page at a time with the total, the player's own on top across pages", async () => {
    const game = await createGame();
    await grant(game.id, player.address, 2);
    await grant(game.id, creator.address, 3);
    const theirs = [];
    const mine = [];
    for (const turn of [0, 1, 2, 3, 4]) {
      if (turn % 2 === 1) mine.push((await spin(game.id)).nonce);
      else theirs.push((await spin(game.id, creator, creatorToken)).nonce);
    }
    type Page = { rows: { nonce: string; mine: boolean }[]; total: number };
    const page = async (number: number, token?: string) => {
      const answer = await call<Page>("GET", `/games/${game.id}/draws?page=${number}&pageSize=2`, {
        ...(token ? { token } : {}),
      });
      expect(answer.status).toBe(200);
      expect(answer.body.content.total).toBe(5);
      return answer.body.content.rows.map((row) => [row.nonce, row.mine]);
    };
    const newestFirst = (nonces: string[]) => [...nonces].sort((a, b) => Number(b) - Number(a));
    expect([
      ...(await page(1, playerToken)),
      ...(await page(2, playerToken)),
      ...(await page(3, playerToken)),
    ]).toEqual([
      ...newestFirst(mine).map((nonce) => [nonce, true]),
      ...newestFirst(theirs).map((nonce) => [nonce, false]),
    ]);
    expect([...(await page(1)), ...(await page(2)), ...(await page(3))]).toEqual(
      newestFirst([...mine, ...theirs]).map((nonce) => [nonce, false]),
    );
    expect(await page(4)).toEqual([]);
    for (const query of ["pageSize=101", "page=0", "limit=200"]) {
      expect((await call("GET", `/games/${game.id}/draws?${query}`)).status, query).toBe(400);
    }
  });

  it("an EP prize's ledger row carries the game's title, so the points history words it in the reader's language", async () => {
    const game = await createGame({
      title: "History wheel",
      prizes: [{ kind: "ep", amount: "7", weight: 1, count: null }],
    });
    await grant(game.id, player.address, 1);
    const recorded = await spin(game.id);
    expect(recorded.prizeId).toBe("p1");
    const response = await context.app.inject({
      method: "GET",
      url: "/api/bounty/points/me/history?pageSize=50",
      headers: { authorization: `Bearer ${playerToken}` },
    });
    expect(response.statusCode).toBe(200);
    const rows = (response.json() as { content: { rows: { sourceKind: string; sourceId: string }[] } })
      .content.rows;
    expect(
      rows.find((row) => row.sourceKind === "wheel" && row.sourceId === String(recorded.spinId)),
    ).toMatchObject({
      amount: 7,
      params: { title: "History wheel" },
    });
  });

  it("waits for the confirmations: a spin in the head block is not recorded yet, and the job runs again", async () => {
    const game = await createGame();
    await grant(game.id, player.address, 1);
    const voucher = (await askVoucher(game.id)).body.content;
    const txHash = await spinOnChain(voucher);
    const reported = await call<WheelSpin>("POST", `/games/${game.id}/spins/${voucher.spinId}/transaction`, {
      token: playerToken,
      body: { txHash },
    });
    expect(reported.body.content.stage).toBe("drawing");
    const jobDependencies = {
      db: context.database.db,
      chainClient: (chainId: number) => (chainId === chain.chainId ? publicClient : undefined),
      contracts: { [chain.chainId]: voucher.contract as Address },
      distributors: {},
      confirmations: 2,
      now: () => new Date(),
    };
    const again: number[] = [];
    const logger = { info: () => {} } as never;
    await handleRecordSpinsJob(
      jobDependencies,
      { data: { chainId: chain.chainId } },
      logger,
      async (chainId) => {
        again.push(chainId);
      },
    );
    expect((await spinRow(voucher.spinId)).recordedAt).toBeNull();
    expect(again).toEqual([chain.chainId]);
    await mineBlocks(1);
    again.length = 0;
    await handleRecordSpinsJob(jobDependencies, { data: {} }, logger, async (chainId) => {
      again.push(chainId);
    });
    expect((await spinRow(voucher.spinId)).recordedAt).not.toBeNull();
    expect(again).toEqual([]);
  });

  it("a worker's run watches the chain: the block that confirms a spin gets it recorded in the same run", async () => {
    const game = await createGame();
    await grant(game.id, player.address, 1);
    const voucher = (await askVoucher(game.id)).body.content;
    const txHash = await spinOnChain(voucher);
    await call<WheelSpin>("POST", `/games/${game.id}/spins/${voucher.spinId}/transaction`, {
      token: playerToken,
      body: { txHash },
    });
    const jobDependencies = {
      db: context.database.db,
      chainClient: (chainId: number) => (chainId === chain.chainId ? publicClient : undefined),
      contracts: { [chain.chainId]: voucher.contract as Address },
      distributors: {},
      confirmations: 2,
      now: () => new Date(),
    };
    const again: number[] = [];
    const run = handleRecordSpinsJob(
      jobDependencies,
      { data: { chainId: chain.chainId } },
      { info: () => {} } as never,
      async (chainId) => {
        again.push(chainId);
      },
      { forMs: 60_000, pollMs: 50 },
    );
    // The run is watching (nothing recorded: one confirmation of two) until the next block comes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await spinRow(voucher.spinId)).recordedAt).toBeNull();
    await mineBlocks(1);
    const outcome = await run;
    expect((await spinRow(voucher.spinId)).recordedAt).not.toBeNull();
    expect(outcome[chain.chainId]?.recorded).toBe(1);
    expect(again).toEqual([]);
  });

  it("refuses a spin without a ticket (702) and outside the game's time (701), in en and cn", async () => {
    const game = await createGame();
    const none = await call("POST", `/games/${game.id}/spins`, { token: playerToken });
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({
      typeCode: 702,
      message: "You have no ticket left for this game. Finish a mission to earn one.",
    });
    const cn = await call("POST", `/games/${game.id}/spins`, {
      token: playerToken,
      headers: { "accept-language": "zh-cn" },
    });
    expect(cn.body.message).toBe("您在该游戏中已没有抽奖券。完成任务即可获得。");
    const later = await createGame({
      startAt: new Date(Date.now() + 3_600_000).toISOString(),
      endAt: new Date(Date.now() + 7_200_000).toISOString(),
    });
    await grant(later.id, player.address, 1);
    const early = await call("POST", `/games/${later.id}/spins`, { token: playerToken });
    expect(early.status).toBe(409);
    expect(early.body.typeCode).toBe(701);
    expect((await detailOf(later.id)).status).toBe(4);
  });
});

describe("T24: the salt and the outcome cannot be steered", () => {
  it("publishes keccak256(salt) at creation, never changes it, and publishes the salt only when the game is over", async () => {
    const game = await createGame();
    expect(game.saltHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(game.salt).toBeNull();
    expect(game.saltHash).toBe(saltHashOf(await saltOf(game.id)));
    await grant(game.id, player.address, 3);
    await spin(game.id);
    const during = await detailOf(game.id);
    expect(during.saltHash).toBe(game.saltHash);
    expect(during.salt).toBeNull();
    const fileBefore = (await call<WheelGameFileAnswer>("GET", `/games/${game.id}/game-file`)).body.content;
    expect(fileBefore.file.salt).toBeNull();
    expect(fileBefore.file.saltHash).toBe(game.saltHash);
    // A voucher given out and not used holds the reveal back while it could still be spent.
    await askVoucher(game.id);
    const closed = await call<WheelGameDetail>("POST", `/games/${game.id}/close`, { token: creatorToken });
    expect(closed.body.content.status).toBe(2);
    expect(closed.body.content.salt).toBeNull();
    await context.database.db
      .update(wheelSpins)
      .set({ voucherDeadline: new Date(Date.now() - 60_000) })
      .where(eq(wheelSpins.gameId, game.id));
    const after = await detailOf(game.id);
    expect(after.salt).not.toBeNull();
    expect(saltHashOf(after.salt!)).toBe(game.saltHash);
    expect(after.saltHash).toBe(game.saltHash);
  });

  it("a re-requested voucher keeps its nonce; a replayed one reverts; a cancelled one gives the same ticket back", async () => {
    const game = await createGame();
    await grant(game.id, player.address, 2);
    const first = (await askVoucher(game.id)).body.content;
    const again = (await askVoucher(game.id)).body.content;
    expect(again.spinId).toBe(first.spinId);
    expect(again.voucher.nonce).toBe(first.voucher.nonce);
    // "Cancelled": the player never sent it; asking later still gets the same nonce (no second ticket is spent).
    const tickets = await call<{ balance: number; spent: number }>("GET", `/games/${game.id}/tickets`, {
      token: playerToken,
    });
    // The open voucher says Spin can resume it without a ticket (the page keeps Spin open for it).
    expect(tickets.body.content).toMatchObject({ balance: 1, spent: 1, openVoucher: true });
    const txHash = await spinOnChain(again);
    // The first signature for the same nonce is now a replay: the contract refuses it.
    await expect(
      publicClient.simulateContract({
        account: player.address,
        address: first.contract as Address,
        abi: luckyWheelAbi,
        functionName: "spin",
        args: [
          {
            gameId: BigInt(first.voucher.gameId),
            account: first.voucher.account as Address,
            nonce: BigInt(first.voucher.nonce),
            deadline: BigInt(first.voucher.deadline),
          },
          first.signature as Hex,
        ],
      }),
    ).rejects.toThrow(/VoucherUsed/);
    await call("POST", `/games/${game.id}/spins/${first.spinId}/transaction`, {
      token: playerToken,
      body: { txHash },
    });
    await mineBlocks(1);
    await context.app.wheel.recordChain(chain.chainId);
    const recorded = await spinRow(first.spinId);
    // Reporting the same transaction again, and more recorder runs, change nothing.
    await call("POST", `/games/${game.id}/spins/${first.spinId}/transaction`, {
      token: playerToken,
      body: { txHash },
    });
    await context.app.wheel.recordChain(chain.chainId);
    expect(await spinRow(first.spinId)).toEqual(recorded);
    const spentTickets = await call("GET", `/games/${game.id}/tickets`, { token: playerToken });
    expect(spentTickets.body.content).toMatchObject({ balance: 1, spent: 1, openVoucher: false });
    // A new voucher is a new nonce.
    const next = (await askVoucher(game.id)).body.content;
    expect(next.spinId).not.toBe(first.spinId);
  });

  it("a voucher of one game cannot spin another game", async () => {
    const one = await createGame();
    const other = await createGame();
    await grant(one.id, player.address, 1);
    const voucher = (await askVoucher(one.id)).body.content;
    await expect(
      publicClient.simulateContract({
        account: player.address,
        address: voucher.contract as Address,
        abi: luckyWheelAbi,
        functionName: "spin",
        args: [
          {
            gameId: BigInt(other.id),
            account: player.address,
            nonce: BigInt(voucher.voucher.nonce),
            deadline: BigInt(voucher.voucher.deadline),
          },
          voucher.signature as Hex,
        ],
      }),
    ).rejects.toThrow(/InvalidSignature/);
  });

  it("a reorganised spin block: the spin waits, then is recorded once, from the block that finally holds it", async () => {
    const game = await createGame();
    await grant(game.id, player.address, 1);
    const voucher = (await askVoucher(game.id)).body.content;
    const snapshot = (await publicClient.request({
      method: "evm_snapshot" as never,
      params: [] as never,
    })) as Hex;
    const wallet = walletOf(player);
    const request = await wallet.prepareTransactionRequest({
      to: voucher.contract as Address,
      data: (await import("viem")).encodeFunctionData({
        abi: luckyWheelAbi,
        functionName: "spin",
        args: [
          {
            gameId: BigInt(voucher.voucher.gameId),
            account: player.address,
            nonce: BigInt(voucher.voucher.nonce),
            deadline: BigInt(voucher.voucher.deadline),
          },
          voucher.signature as Hex,
        ],
      }),
      gas: 200_000n,
    });
    const raw = await wallet.signTransaction(request as never);
    const txHash = await publicClient.sendRawTransaction({ serializedTransaction: raw });
    const firstBlock = (await publicClient.waitForTransactionReceipt({ hash: txHash })).blockHash;
    await call("POST", `/games/${game.id}/spins/${voucher.spinId}/transaction`, {
      token: playerToken,
      body: { txHash },
    });
    await context.app.wheel.recordChain(chain.chainId);
    expect((await spinRow(voucher.spinId)).recordedAt).toBeNull();
    // The block is replaced: the same transaction lands one block later, under another block hash.
    await publicClient.request({ method: "evm_revert" as never, params: [snapshot] as never });
    await mineBlocks(1);
    await publicClient.sendRawTransaction({ serializedTransaction: raw });
    const secondBlock = (await publicClient.waitForTransactionReceipt({ hash: txHash })).blockHash;
    expect(secondBlock).not.toBe(firstBlock);
    await mineBlocks(1);
    await context.app.wheel.recordChain(chain.chainId);
    await context.app.wheel.recordChain(chain.chainId);
    const recorded = await spinRow(voucher.spinId);
    expect(recorded.blockHash).toBe(secondBlock);
    const rand = spinRand(
      { account: player.address, nonce: String(voucher.spinId), blockHash: secondBlock, txHash },
      await saltOf(game.id),
    );
    expect(recorded.position).toBe(
      spinOutcome(
        game.prizes.map((prize) => ({ id: prize.id, weight: prize.weight, count: prize.count })),
        new Map(),
        rand,
      ).position!.toString(),
    );
  });

  it("with the RPC down the spin waits (the run fails, nothing recorded), then settles once it is back", async () => {
    const game = await createGame();
    await grant(game.id, player.address, 1);
    const voucher = (await askVoucher(game.id)).body.content;
    const txHash = await spinOnChain(voucher);
    await mineBlocks(1);
    const port = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const down = createPublicClient({
      chain: chain.viemChain,
      transport: http(`http://127.0.0.1:${port}`, { retryCount: 0 }),
    });
    setAppChainClient((chainId) => (chainId === chain.chainId ? (down as PublicClient) : undefined));
    try {
      await expect(context.app.wheel.recordChain(chain.chainId)).rejects.toThrow();
      expect((await spinRow(voucher.spinId)).recordedAt).toBeNull();
    } finally {
      setAppChainClient((chainId) => (chainId === chain.chainId ? publicClient : undefined));
    }
    await context.app.wheel.recordChain(chain.chainId);
    const recorded = await spinRow(voucher.spinId);
    expect(recorded.txHash).toBe(txHash);
    expect(recorded.recordedAt).not.toBeNull();
  });
});

describe("the game file", () => {
  it("after the end, verifies in the wheel module and with dropfair verify-wheel against this server and chain", async () => {
    const game = await createGame({
      prizes: [
        { kind: "ep", amount: "100", weight: 90, count: 1 },
        { kind: "ep", amount: "10", weight: 9, count: 2 },
        { kind: "nothing", weight: 1, count: null },
      ],
    });
    await grant(game.id, player.address, 5);
    const outcomes: WheelSpin[] = [];
    for (let index = 0; index < 5; index++) outcomes.push(await spin(game.id));
    // Limited prizes left the wheel in chain order: never more wins than their count.
    expect(outcomes.filter((outcome) => outcome.prizeId === "p1").length).toBeLessThanOrEqual(1);
    expect(outcomes.filter((outcome) => outcome.prizeId === "p2").length).toBeLessThanOrEqual(2);
    await call("POST", `/games/${game.id}/close`, { token: creatorToken });
    const answer = (await call<WheelGameFileAnswer>("GET", `/games/${game.id}/game-file`)).body.content;
    expect(answer.file.salt).not.toBeNull();
    expect(answer.file.spins.map((entry) => entry.nonce)).toEqual(outcomes.map((outcome) => outcome.nonce));
    const verification = verifyWheelGameFile(answer.file);
    expect(wheelGameVerified(verification)).toBe(true);
    expect(
      drawWheelSpins(answer.file.prizes, answer.file.spins, answer.file.salt!).map((entry) => entry.prizeId),
    ).toEqual(outcomes.map((outcome) => outcome.prizeId));
    const address = await context.app.listen({ port: 0, host: "127.0.0.1" });
    let stdout = "";
    const code = await main(
      ["verify-wheel", String(game.id), "--server", address, "--rpc", chain.rpcUrl, "--json"],
      {
        stdout: (text) => {
          stdout += text;
        },
        stderr: () => {},
        readFile: () => Promise.reject(new Error("no files")),
        fetch: (input, init) => fetch(input, init),
      },
    );
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ saltMatches: true, chainMatches: true, spinsComplete: true });
    expect(report.spins).toHaveLength(5);
    expect(code).toBe(0);
  });
});
