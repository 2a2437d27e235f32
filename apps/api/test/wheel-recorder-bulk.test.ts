// The spin recorder against the wheel module for 1,000 spins on the local chain: a thousand players each spend a
// vouched ticket, the spins land in a few blocks in an order the chain decides, and every recorded outcome equals
// what dropfair-wheel-v1 computes from the Spin events in chain order, limited prizes running out included.
import { luckyWheelAbi } from "@dropfair/chain/abis";
import {
  compareChainOrder,
  drawWheelSpins,
  verifyWheelGameFile,
  wheelGameVerified,
} from "@dropfair/core/wheel";
import { asc, eq, wheelGames, wheelSpins } from "@dropfair/db";
import type { WheelGameFileAnswer } from "@dropfair/schemas/wheel";
import { createPublicClient, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  call,
  chain,
  context,
  createGame,
  creatorToken,
  publicClient,
  setAppChainClient,
  useWheelApi,
} from "./wheel-helper.ts";
import { landBulkSpins } from "./wheel-spins.ts";

useWheelApi();

const spins = Number(process.env.WHEEL_BULK_SPINS ?? 1000);

describe("the spin recorder, 1,000 spins", () => {
  it("records every spin exactly as the wheel module computes it in chain order", {
    timeout: 600_000,
  }, async () => {
    const game = await createGame({
      prizes: [
        { kind: "ep", amount: "100", weight: 30, count: 40 },
        { kind: "ep", amount: "10", weight: 20, count: 150 },
        { kind: "nothing", weight: 50, count: null },
      ],
    });
    const db = context.database.db;
    const [gameRow] = await db.select().from(wheelGames).where(eq(wheelGames.id, game.id));
    await landBulkSpins({
      db,
      client: publicClient,
      chainId: chain.chainId,
      game: { id: game.id, contractAddress: gameRow!.contractAddress, endsAt: gameRow!.endsAt },
      signer: privateKeyToAccount(chain.accounts[1]!.privateKey),
      spins,
      label: "wheel bulk player",
      blocks: 10,
    });
    // A client like the server's (one retry): thousands of requests later, the node may drop a kept-alive socket.
    const client = createPublicClient({
      chain: chain.viemChain,
      transport: http(chain.rpcUrl, { retryCount: 1 }),
      cacheTime: 0,
    }) as PublicClient;
    setAppChainClient((chainId) => (chainId === chain.chainId ? client : undefined));
    const started = performance.now();
    await context.app.wheel.recordChain(chain.chainId);
    const elapsed = performance.now() - started;
    if (process.env.WHEEL_REPORT) console.log(`recorded ${spins} spins in ${elapsed.toFixed(0)} ms`);

    // What the chain says, independently of the recorder: the Spin events of the game, in chain order.
    const logs = (
      await client.getContractEvents({
        address: gameRow!.contractAddress,
        abi: luckyWheelAbi,
        eventName: "Spin",
        args: { gameId: BigInt(game.id) },
        fromBlock: gameRow!.fromBlock,
        strict: true,
      })
    ).sort(compareChainOrder);
    expect(logs).toHaveLength(spins);
    // Many spins share a block: their order is the transaction and log index the chain gave them.
    expect(new Set(logs.map((log) => log.transactionIndex)).size).toBeGreaterThan(100);
    const expected = drawWheelSpins(
      game.prizes.map((prize) => ({ id: prize.id, weight: prize.weight, count: prize.count })),
      logs.map((log) => ({
        account: log.args.account,
        nonce: log.args.nonce,
        blockHash: log.blockHash,
        txHash: log.transactionHash,
      })),
      gameRow!.salt,
    );
    const recorded = await db
      .select()
      .from(wheelSpins)
      .where(eq(wheelSpins.gameId, game.id))
      .orderBy(asc(wheelSpins.blockNumber), asc(wheelSpins.transactionIndex), asc(wheelSpins.logIndex));
    expect(recorded.map((row) => String(row.id))).toEqual(logs.map((log) => log.args.nonce.toString()));
    expect(recorded.map((row) => [row.position, row.prizeId])).toEqual(
      expected.map((outcome) => [outcome.position?.toString() ?? null, outcome.prizeId]),
    );
    // The limited prizes ran out along the way.
    expect(recorded.filter((row) => row.prizeId === "p1")).toHaveLength(40);
    expect(recorded.filter((row) => row.prizeId === "p2")).toHaveLength(150);
    await call("POST", `/games/${game.id}/close`, { token: creatorToken });
    const answer = (await call<WheelGameFileAnswer>("GET", `/games/${game.id}/game-file`)).body.content;
    expect(wheelGameVerified(verifyWheelGameFile(answer.file))).toBe(true);
  });
});
