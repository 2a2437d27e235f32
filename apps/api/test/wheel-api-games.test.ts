// Lucky wheel games through the HTTP layer on a local chain: creation and its validation (en and cn, no 500, no
// mass assignment), the list, tickets from every source, token prizes funded on the AirdropDistributor and claimed
// with its vouchers, EP credited at once, and the claim rows.
import { airdropDistributorAbi } from "@dropfair/chain/abis";
import { testNftArtifact, testTokenArtifact } from "@dropfair/contracts/artifacts";
import {
  eq,
  missionCampaigns,
  missionCompletions,
  missions,
  referralLinks,
  users,
  wheelGames,
  wheelPrizes,
  wheelSpins,
} from "@dropfair/db";
import type {
  WheelClaims,
  WheelClaimVoucher,
  WheelGameDetail,
  WheelGameList,
  WheelTickets,
} from "@dropfair/schemas/wheel";
import type { Address, Hex } from "viem";
import { describe, expect, it } from "vitest";
import { signIn } from "./helper.ts";
import {
  adminToken,
  call,
  chain,
  context,
  createGame,
  creator,
  creatorToken,
  deployment,
  fundTokenPrize,
  gameBody,
  grant,
  mined,
  player,
  playerToken,
  publicClient,
  spin,
  strangerToken,
  useWheelApi,
  walletOf,
} from "./wheel-helper.ts";

useWheelApi();

const countGames = async () => (await context.database.db.select().from(wheelGames)).length;

describe("creating a game", () => {
  it("refuses bad bodies with the catalogue's message in en and cn, never a 500, and creates nothing", async () => {
    const before = await countGames();
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ title: "" }, 400, "Please input title", "请输入标题"],
      [
        { startAt: new Date(Date.now() + 7_200_000).toISOString() },
        400,
        "The start time cannot be later than the end time",
        "开始时间不能晚于结束时间",
      ],
      [
        { prizes: [{ kind: "ep", weight: 1, count: null }] },
        400,
        "Prize 1: give an amount.",
        "奖品 1：请填写数量。",
      ],
      [
        {
          prizes: [
            {
              kind: "token",
              amount: "5",
              weight: 1,
              count: null,
              token: "0x0000000000000000000000000000000000000001",
            },
          ],
        },
        400,
        "Prize 1: token and NFT prizes need a count (they are funded up front).",
        "奖品 1：代币和 NFT 奖品需要设置数量（需预先注资）。",
      ],
      [
        { prizes: [{ kind: "nothing", amount: "5", weight: 1, count: null }] },
        400,
        "Prize 1: this kind of prize takes no amount or token.",
        "奖品 1：此类奖品不需要数量或代币地址。",
      ],
      [
        { chainId: 999 },
        400,
        "Lucky wheel games are not available on chain 999 here.",
        "本站暂不支持在链 999 上进行幸运转盘游戏。",
      ],
    ];
    for (const [change, status, en, cn] of cases) {
      const body = gameBody(change as never);
      const english = await call("POST", "/games", { token: creatorToken, body });
      expect({ status: english.status, message: english.body.message }, JSON.stringify(change)).toEqual({
        status,
        message: en,
      });
      const chinese = await call("POST", "/games", {
        token: creatorToken,
        body,
        headers: { "accept-language": "zh-cn" },
      });
      expect(chinese.body.message, JSON.stringify(change)).toBe(cn);
    }
    // A token address that is not a token on the chain.
    const notToken = await call("POST", "/games", {
      token: creatorToken,
      body: gameBody({
        prizes: [
          {
            kind: "token",
            amount: "5",
            weight: 1,
            count: 3,
            token: "0x0000000000000000000000000000000000000001",
          },
        ],
      }),
    });
    expect(notToken.status).toBe(400);
    expect(notToken.body.typeCode).toBe(708);
    for (const junk of [
      null,
      "x",
      [],
      { prizes: "all" },
      { ...gameBody(), prizes: Array(13).fill({ kind: "nothing", weight: 1, count: null }) },
    ]) {
      const response = await call("POST", "/games", { token: creatorToken, body: junk });
      expect(response.status === 400 || response.status === 415, JSON.stringify(junk)).toBe(true);
    }
    expect(await countGames()).toBe(before);
  });

  it("T9: a body carrying the salt, its hash, a creator or a status is refused whole", async () => {
    const before = await countGames();
    for (const extra of [
      { saltHash: `0x${"00".repeat(32)}` },
      { salt: `0x${"11".repeat(32)}` },
      { creator: player.address },
      { status: 9 },
      { id: 1 },
    ]) {
      const response = await call("POST", "/games", {
        token: creatorToken,
        body: { ...gameBody(), ...extra },
      });
      expect(response.status, JSON.stringify(extra)).toBe(400);
    }
    expect(await countGames()).toBe(before);
  });

  it("lists games newest first, mine when signed in, and one partner's", async () => {
    const own = await createGame({ title: "Mine" });
    const list = await call<WheelGameList>("GET", "/games?filter=mine", { token: creatorToken });
    expect(list.body.content.rows[0]).toMatchObject({ id: own.id, title: "Mine", status: 1 });
    expect(list.body.content.rows.every((row) => row.creator === own.creator)).toBe(true);
    const anonymousMine = await call("GET", "/games?filter=mine");
    expect(anonymousMine.status).toBe(401);
    const none = await call<WheelGameList>("GET", "/games?partner=ember");
    expect(none.body.content).toMatchObject({ rows: [], total: 0 });
    const achievement = await createGame({ title: "Badge wheel", partnerSlug: "achievement" }, adminToken);
    const listed = await call<WheelGameList>("GET", "/games?partner=achievement");
    expect(listed.body.content.rows.map((row) => row.id)).toEqual([achievement.id]);
  });

  it("knows the configured partners only: another slug is refused with 400, in en and cn, and creates nothing", async () => {
    const before = await countGames();
    const unknown = { status: 400, typeCode: 400, message: "This partner activity does not exist." };
    const created = await call("POST", "/games", {
      token: adminToken,
      body: gameBody({ partnerSlug: "alpha" }),
    });
    expect({
      status: created.status,
      typeCode: created.body.typeCode,
      message: created.body.message,
    }).toEqual(unknown);
    const cn = await call("POST", "/games", {
      token: adminToken,
      body: gameBody({ partnerSlug: "alpha" }),
      headers: { "accept-language": "zh-cn" },
    });
    expect({ status: cn.status, message: cn.body.message }).toEqual({
      status: 400,
      message: "该合作伙伴活动不存在。",
    });
    const listed = await call("GET", "/games?partner=nobody");
    expect({ status: listed.status, message: listed.body.message }).toEqual({
      status: 400,
      message: unknown.message,
    });
    expect(await countGames()).toBe(before);
  });
});

describe("tickets", () => {
  it("come from the game's missions, the daily free ticket, referees and grants, each source once", async () => {
    const game = await createGame({ dailyFreeTicket: true, referralTickets: 2 });
    const db = context.database.db;
    const [campaign] = await db
      .select()
      .from(missionCampaigns)
      .where(eq(missionCampaigns.referenceId, String(game.id)));
    expect(campaign).toMatchObject({ kind: "wheel" });
    const [mission] = await db
      .insert(missions)
      .values({
        campaignId: campaign!.id,
        position: 0,
        kind: "telegram_join",
        parameters: {},
        rewardTickets: 3,
      })
      .returning();
    const [playerRow] = await db.select().from(users).where(eq(users.address, player.address));
    // The mission completed (the missions module records it; see missions tests for the checks themselves).
    await db.insert(missionCompletions).values({
      userId: playerRow!.id,
      missionId: mission!.id,
      campaignId: campaign!.id,
      provider: "telegram",
      accountId: "42",
      rewardEp: 0,
      rewardTickets: 3,
    });
    // A referee of the player finished a mission of the game too.
    const referee = await signIn(context.app);
    const [refereeRow] = await db.select().from(users).where(eq(users.address, referee.wallet.address));
    await db
      .insert(referralLinks)
      .values({ refereeUserId: refereeRow!.id, referrerUserId: playerRow!.id, code: "abcd" });
    await db.insert(missionCompletions).values({
      userId: refereeRow!.id,
      missionId: mission!.id,
      campaignId: campaign!.id,
      provider: "telegram",
      accountId: "43",
      rewardEp: 0,
      rewardTickets: 3,
    });
    await grant(game.id, player.address, 1);
    const read = async () =>
      (await call<WheelTickets>("GET", `/games/${game.id}/tickets`, { token: playerToken })).body.content;
    const first = await read();
    const second = await read();
    expect(second).toEqual(first);
    expect(first.balance).toBe(3 + 1 + 2 + 1);
    expect(first.rows.map((row) => [row.reason, row.count]).sort()).toEqual(
      [
        ["admin", 1],
        ["daily", 1],
        ["mission", 3],
        ["referral", 2],
      ].sort(),
    );
    // Another user sees only their own (the daily ticket).
    const strangers = await call<WheelTickets>("GET", `/games/${game.id}/tickets`, { token: strangerToken });
    expect(strangers.body.content.rows.map((row) => row.reason)).toEqual(["daily"]);
    const empty = await createGame();
    expect(
      (await call<WheelTickets>("GET", `/games/${empty.id}/tickets`, { token: strangerToken })).body.content,
    ).toEqual({
      balance: 0,
      spent: 0,
      openVoucher: false,
      rows: [],
    });
  });
});

describe("prizes, claims and funding", () => {
  it("a token prize: created unfunded (status 0), funded on the distributor, won, claimed with a voucher", async () => {
    const game = await createGame({
      prizes: [{ kind: "token", amount: "2.5", weight: 1, count: 3, token: deployment.testToken }],
    });
    expect(game.status).toBe(0);
    expect(game.prizes[0]).toMatchObject({
      amount: (25n * 10n ** 17n).toString(),
      tokenSymbol: "DFT",
      funded: false,
    });
    await grant(game.id, player.address, 2);
    expect((await call("POST", `/games/${game.id}/spins`, { token: playerToken })).body.typeCode).toBe(701);
    // A campaign that ends with the game cannot pay claims after it: refused with the field named.
    const short = await fundTokenPrize(game, "p1", { endAfterGame: 0 });
    expect(short.body).toMatchObject({
      typeCode: 706,
      message: "This campaign cannot fund the prize: its end does not match.",
    });
    const funded = await fundTokenPrize(game, "p1");
    expect(funded.body.content).toMatchObject({ status: 1 });
    expect(funded.body.content.prizes[0]).toMatchObject({ funded: true });
    const won = await spin(game.id);
    expect(won).toMatchObject({ prizeId: "p1", stage: "dispatching" });
    const claims = await call<WheelClaims>("GET", `/games/${game.id}/claims`, { token: playerToken });
    expect(claims.body.content.rows).toEqual([
      expect.objectContaining({
        prizeId: "p1",
        count: 1,
        total: (25n * 10n ** 17n).toString(),
        state: "claimable",
      }),
    ]);
    const voucher = (
      await call<WheelClaimVoucher>("POST", `/games/${game.id}/prizes/p1/claim`, { token: playerToken })
    ).body.content;
    const again = (
      await call<WheelClaimVoucher>("POST", `/games/${game.id}/prizes/p1/claim`, { token: playerToken })
    ).body.content;
    expect(again.claimId).toBe(voucher.claimId);
    expect(again.voucher.amount).toBe(voucher.voucher.amount);
    const balanceBefore = await publicClient.readContract({
      address: deployment.testToken,
      abi: testTokenArtifact.abi,
      functionName: "balanceOf",
      args: [player.address],
    });
    const receipt = await mined(
      await walletOf(player).writeContract({
        address: voucher.distributor as Address,
        abi: airdropDistributorAbi,
        functionName: "claimWithVoucher",
        args: [
          {
            campaignId: BigInt(voucher.voucher.campaignId),
            recipient: voucher.voucher.recipient as Address,
            amount: BigInt(voucher.voucher.amount),
            nonce: BigInt(voucher.voucher.nonce),
            deadline: BigInt(voucher.voucher.deadline),
          },
          voucher.signature as Hex,
        ],
      }),
    );
    const balanceAfter = await publicClient.readContract({
      address: deployment.testToken,
      abi: testTokenArtifact.abi,
      functionName: "balanceOf",
      args: [player.address],
    });
    expect(balanceAfter - balanceBefore).toBe(25n * 10n ** 17n);
    const settled = await call<WheelClaims>(
      "POST",
      `/games/${game.id}/claims/${voucher.claimId}/transaction`,
      {
        token: playerToken,
        body: { txHash: receipt.transactionHash },
      },
    );
    expect(settled.body.content.rows[0]).toMatchObject({ state: "claimed", count: 1 });
    expect(settled.body.content.rows[0]!.claimTime).not.toBeNull();
    const [row] = await context.database.db.select().from(wheelSpins).where(eq(wheelSpins.id, won.spinId));
    expect(row!.stage).toBe("completed");
    const nothing = await call("POST", `/games/${game.id}/prizes/p1/claim`, { token: playerToken });
    expect(nothing.body).toMatchObject({ typeCode: 707, message: "There is nothing to claim." });
    // The same campaign cannot fund another prize.
    const other = await createGame({
      prizes: [{ kind: "token", amount: "1", weight: 1, count: 1, token: deployment.testToken }],
    });
    const reused = await call("POST", `/games/${other.id}/prizes/p1/funding`, {
      token: creatorToken,
      body: { campaignId: voucher.voucher.campaignId },
    });
    expect(reused.body.typeCode).toBe(706);
  });

  it("an NFT prize: a campaign holding part of its NFTs is kept, not funded; named again once full, it funds the prize", async () => {
    const game = await createGame({
      prizes: [{ kind: "nft", weight: 1, count: 3, token: deployment.testNft }],
    });
    const wallet = walletOf(creator);
    const ids = [9101n, 9102n, 9103n];
    for (const tokenId of ids) {
      await mined(
        await wallet.writeContract({
          address: deployment.testNft,
          abi: testNftArtifact.abi,
          functionName: "mint",
          args: [creator.address, tokenId],
        }),
      );
    }
    await mined(
      await wallet.writeContract({
        address: deployment.testNft,
        abi: testNftArtifact.abi,
        functionName: "setApprovalForAll",
        args: [deployment.airdropDistributor, true],
      }),
    );
    const params = {
      token: deployment.testNft,
      kind: 1,
      proofKind: 1,
      mode: 0,
      merkleRoot: `0x${"00".repeat(32)}` as Hex,
      shares: 0n,
      amountPerShare: 0n,
      start: BigInt(Math.floor(new Date(game.startAt).getTime() / 1000) - 60),
      end: BigInt(Math.floor(new Date(game.endAt).getTime() / 1000) + 7 * 86_400),
    };
    const { result: campaignId } = await publicClient.simulateContract({
      account: creator,
      address: deployment.airdropDistributor,
      abi: airdropDistributorAbi,
      functionName: "createCampaign",
      args: [params],
    });
    await mined(
      await wallet.writeContract({
        address: deployment.airdropDistributor,
        abi: airdropDistributorAbi,
        functionName: "createCampaign",
        args: [params],
      }),
    );
    const register = async (tokenIds: bigint[]) =>
      mined(
        await wallet.writeContract({
          address: deployment.airdropDistributor,
          abi: airdropDistributorAbi,
          functionName: "registerNft",
          args: [campaignId, tokenIds],
        }),
      );
    const name = (gameId: number, token = creatorToken) =>
      call<WheelGameDetail>("POST", `/games/${gameId}/prizes/p1/funding`, {
        token,
        body: { campaignId: campaignId.toString() },
      });
    const storedPrize = async () =>
      (await context.database.db.select().from(wheelPrizes).where(eq(wheelPrizes.gameId, game.id)))[0]!;

    // Opened, nothing in yet: recorded as the prize's campaign, the prize not funded, the game still "created".
    const opened = await name(game.id);
    expect(opened.status).toBe(200);
    expect(opened.body.content.status).toBe(0);
    expect(opened.body.content.prizes[0]).toMatchObject({ campaignId: campaignId.toString(), funded: false });
    expect(await storedPrize()).toMatchObject({ fundedAt: null, claimableUntil: null });
    await register([ids[0]!]);
    const partly = await name(game.id);
    expect(partly.status).toBe(200);
    expect(partly.body.content.prizes[0]).toMatchObject({ funded: false });
    // Nobody spins before it is funded.
    await grant(game.id, player.address, 1);
    expect((await call("POST", `/games/${game.id}/spins`, { token: playerToken })).body.typeCode).toBe(701);
    // Another user cannot name it, and a campaign being filled for one prize cannot fund another game's.
    expect((await name(game.id, strangerToken)).status).toBe(403);
    const other = await createGame({
      prizes: [{ kind: "nft", weight: 1, count: 1, token: deployment.testNft }],
    });
    const taken = await name(other.id);
    expect(taken.status).toBe(422);
    expect(taken.body.message).toBe("This campaign cannot fund the prize: its campaign does not match.");
    expect((await call<WheelGameDetail>("GET", `/games/${other.id}`)).body.content.prizes[0]).toMatchObject({
      campaignId: null,
      funded: false,
    });

    await register([ids[1]!, ids[2]!]);
    const funded = await name(game.id);
    expect(funded.status).toBe(200);
    expect(funded.body.content.status).toBe(1);
    expect(funded.body.content.prizes[0]).toMatchObject({ campaignId: campaignId.toString(), funded: true });
    const row = await storedPrize();
    expect(row.fundedAt).not.toBeNull();
    expect(row.claimableUntil?.getTime()).toBe(Number(params.end) * 1000);
    const again = await name(game.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This prize is already funded.");
  });

  it("a token prize whose campaign holds less than every win's amount is refused, not kept", async () => {
    const game = await createGame({
      prizes: [{ kind: "token", amount: "2", weight: 1, count: 3, token: deployment.testToken }],
    });
    const short = await fundTokenPrize(game, "p1", { deposit: 5n * 10n ** 18n });
    expect(short.status).toBe(422);
    expect(short.body.message).toBe("This campaign cannot fund the prize: its deposit does not match.");
    expect((await call<WheelGameDetail>("GET", `/games/${game.id}`)).body.content.prizes[0]).toMatchObject({
      campaignId: null,
      funded: false,
    });
  });

  it("EP prizes are credited when the spin is recorded: the claim row says credited", async () => {
    const game = await createGame({ prizes: [{ kind: "ep", amount: "25", weight: 1, count: null }] });
    await grant(game.id, player.address, 2);
    await spin(game.id);
    await spin(game.id);
    const claims = await call<WheelClaims>("GET", `/games/${game.id}/claims`, { token: playerToken });
    expect(claims.body.content.rows).toEqual([
      expect.objectContaining({ prizeId: "p1", kind: "ep", count: 2, total: "50", state: "credited" }),
    ]);
    expect(
      (await call<WheelClaims>("GET", `/games/${game.id}/claims`, { token: strangerToken })).body.content
        .rows,
    ).toEqual([]);
    expect(chain.chainId).toBe(31337);
  });
});
