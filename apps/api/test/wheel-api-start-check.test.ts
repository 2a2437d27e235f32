// The check at a game's start (docs/wheel.md, status 10): a token prize whose distributor campaign was refunded
// before the start leaves the game in error with the reason, whether the first spin request or the recorder's run
// finds it; a game whose funding still holds runs. On a local chain, with the real distributor.
import { airdropDistributorAbi } from "@dropfair/chain/abis";
import { eq, wheelGames, wheelSpins } from "@dropfair/db";
import type { WheelGameDetail } from "@dropfair/schemas/wheel";
import { describe, expect, it } from "vitest";
import { handleRecordSpinsJob } from "../src/modules/wheel/index.ts";
import {
  appNow,
  call,
  chain,
  context,
  createGame,
  creator,
  deployment,
  fundTokenPrize,
  grant,
  mined,
  moveTime,
  player,
  playerToken,
  publicClient,
  spin,
  useWheelApi,
  walletOf,
} from "./wheel-helper.ts";

useWheelApi();

const stopped = {
  status: 409,
  typeCode: 701,
  message: "This game has stopped with an error: a prize's funding is no longer on chain. Spins are closed.",
};

/** A game that starts in ten minutes with a funded token prize; its distributor campaign id. */
async function fundedGame(title: string) {
  const now = appNow().getTime();
  const game = await createGame({
    title,
    startAt: new Date(now + 10 * 60_000).toISOString(),
    endAt: new Date(now + 60 * 60_000).toISOString(),
    prizes: [{ kind: "token", amount: "1", weight: 1, count: 2, token: deployment.testToken }],
  });
  const funded = await fundTokenPrize(game, "p1");
  expect(funded.body.content.status).toBe(4);
  await grant(game.id, player.address, 1);
  return { game, campaignId: BigInt(funded.body.content.prizes[0]!.campaignId!) };
}

async function refund(campaignId: bigint) {
  await mined(
    await walletOf(creator).writeContract({
      address: deployment.airdropDistributor,
      abi: airdropDistributorAbi,
      functionName: "refund",
      args: [campaignId],
    }),
  );
}

const detail = async (gameId: number) =>
  (await call<WheelGameDetail>("GET", `/games/${gameId}`)).body.content;
const gameRow = async (gameId: number) =>
  (await context.database.db.select().from(wheelGames).where(eq(wheelGames.id, gameId)))[0]!;

describe("the check at a game's start (status 10)", () => {
  it("puts a game whose prize campaign was refunded in error, at the first spin or the recorder's run", async () => {
    const bySpin = await fundedGame("Refunded, found by a spin");
    const byRecorder = await fundedGame("Refunded, found by the recorder");
    const healthy = await fundedGame("Still funded");
    // Before the campaigns' start the creator may take the deposits back.
    await refund(bySpin.campaignId);
    await refund(byRecorder.campaignId);
    await moveTime(11 * 60);
    // Nothing has looked yet: the status follows the times.
    expect((await detail(bySpin.game.id)).status).toBe(1);

    const refused = await call("POST", `/games/${bySpin.game.id}/spins`, { token: playerToken });
    expect({
      status: refused.status,
      typeCode: refused.body.typeCode,
      message: refused.body.message,
    }).toEqual(stopped);
    const refusedCn = await call("POST", `/games/${bySpin.game.id}/spins`, {
      token: playerToken,
      headers: { "accept-language": "zh-cn" },
    });
    expect(refusedCn.body.message).toBe("该游戏因错误已停止：某个奖品的注资已不在链上。抽奖已关闭。");
    expect(await detail(bySpin.game.id)).toMatchObject({
      status: 10,
      errorReason: "fundingWithdrawn:p1:refunded",
    });
    expect(
      await context.database.db.select().from(wheelSpins).where(eq(wheelSpins.gameId, bySpin.game.id)),
    ).toEqual([]);

    await handleRecordSpinsJob(
      {
        db: context.database.db,
        chainClient: (chainId) => (chainId === chain.chainId ? publicClient : undefined),
        contracts: { [chain.chainId]: deployment.luckyWheel },
        distributors: { [chain.chainId]: deployment.airdropDistributor },
        confirmations: 2,
        now: appNow,
      },
      { data: { chainId: chain.chainId } },
      { info: () => {} } as never,
    );
    expect(await detail(byRecorder.game.id)).toMatchObject({
      status: 10,
      errorReason: "fundingWithdrawn:p1:refunded",
    });
    const listed = await call<{ rows: { id: number; status: number }[] }>("GET", "/games?pageSize=100");
    expect(listed.body.content.rows.find((row) => row.id === byRecorder.game.id)?.status).toBe(10);

    // The funded game was checked once, found whole, and runs.
    const checked = await gameRow(healthy.game.id);
    expect(checked.startCheckedAt).not.toBeNull();
    expect(checked.errorReason).toBeNull();
    expect((await detail(healthy.game.id)).status).toBe(1);
    expect(await spin(healthy.game.id)).toMatchObject({ prizeId: "p1", stage: "dispatching" });
    expect((await gameRow(healthy.game.id)).startCheckedAt).toEqual(checked.startCheckedAt);
  });
});
