// The airdrop API through the HTTP layer, against a real local chain with our AirdropDistributor: drafts, the
// participant list, preparation, funding read from receipts, release, claims by proof and by voucher, refunds.
// TESTS.md T8–T10, T12, T15 and the database half of T18.
import { airdropDistributorAbi } from "@dropfair/chain/abis";
import { testNftArtifact, testTokenArtifact } from "@dropfair/contracts/artifacts";
import { deployLocalContracts, type LocalDeployment } from "@dropfair/contracts/deploy";
import { type LocalChain, startLocalChain } from "@dropfair/contracts/local-chain";
import { buildClaimsTree, parseClaimsList } from "@dropfair/core/airdrop";
import { airdropParticipants, airdrops, eq, inArray } from "@dropfair/db";
import type { AirdropClaim, AirdropDetail, ParticipantReport } from "@dropfair/schemas/airdrop";
import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hash,
  type Hex,
  http,
  type PrivateKeyAccount,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newWallet, signIn } from "./helper.ts";
import { discordFixtures, linkDiscord, linkTelegram, telegramFixtures } from "./social-helper.ts";
import { buildTestAppWithX, signInWithX, type XTestContext, xHeaders } from "./x-helper.ts";

let chain: LocalChain;
let deployment: LocalDeployment;
let context: XTestContext;
let publicClient: PublicClient;
let localChain: Chain;
/** The app's clock follows the chain's when a test moves time forward. */
let clockOffsetMs = 0;

let creator: PrivateKeyAccount;
let creatorToken: string;
let stranger: { token: string };
let strangerAddress: Address;

beforeAll(async () => {
  chain = await startLocalChain({ port: 0 });
  deployment = await deployLocalContracts({
    rpcUrl: chain.rpcUrl,
    chainId: chain.chainId,
    deployerPrivateKey: chain.accounts[0]!.privateKey,
  });
  localChain = defineChain({
    id: chain.chainId,
    name: "local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  });
  publicClient = createPublicClient({
    chain: localChain,
    transport: http(chain.rpcUrl),
    cacheTime: 0,
  }) as PublicClient;
  context = await buildTestAppWithX({
    environment: {
      SANDBOX_RPC_URL: chain.rpcUrl,
      AIRDROP_DISTRIBUTOR_ADDRESSES: `${chain.chainId}:${deployment.airdropDistributor}`,
      AIRDROP_SIGNER_KEY: chain.accounts[1]!.privateKey,
    },
    chainClient: (chainId) => (chainId === chain.chainId ? publicClient : undefined),
    now: () => new Date(Date.now() + clockOffsetMs),
  });
  creator = privateKeyToAccount(chain.accounts[2]!.privateKey);
  creatorToken = (await signIn(context.app, creator)).token;
  const other = await signIn(context.app);
  stranger = { token: other.token };
  strangerAddress = other.wallet.address;
}, 120_000);

afterAll(async () => {
  await context?.close();
  await chain?.stop();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type Envelope<T> = { content: T; typeCode: number; message: string };

async function call<T>(
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  options: { token?: string; body?: unknown; text?: string; headers?: Record<string, string> } = {},
) {
  const response = await context.app.inject({
    method,
    url: `/api/bounty/airdrop${url}`,
    headers: {
      ...(options.token ? bearer(options.token) : {}),
      ...(options.text !== undefined ? { "content-type": "text/plain" } : {}),
      ...options.headers,
    },
    ...(options.text !== undefined ? { payload: options.text } : {}),
    ...(options.body !== undefined ? { payload: options.body as Record<string, unknown> } : {}),
  });
  return { status: response.statusCode, body: response.json() as Envelope<T>, raw: response };
}

function minuteFloor(date: Date): Date {
  const copy = new Date(date);
  copy.setUTCSeconds(0, 0);
  return copy;
}

function appNow(): Date {
  return new Date(Date.now() + clockOffsetMs);
}

/** A wallet on the chain: signs transactions with a local key. */
function walletOf(account: PrivateKeyAccount) {
  return createWalletClient({ chain: localChain, transport: http(chain.rpcUrl), account });
}

async function mined(hash: Hash) {
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  return hash;
}

async function moveChainTime(seconds: number): Promise<void> {
  await publicClient.request({ method: "evm_increaseTime" as never, params: [seconds] as never });
  await publicClient.request({ method: "evm_mine" as never, params: [] as never });
  clockOffsetMs += seconds * 1000;
}

/** A draft with a token reward in the local test token (18 decimals), starting now, ending in `minutes`. */
async function createDraft(overrides: Record<string, unknown> = {}, minutes = 30): Promise<AirdropDetail> {
  const start = minuteFloor(appNow());
  const response = await call<AirdropDetail>("POST", "/", {
    token: creatorToken,
    body: {
      title: "Season 1 drop",
      description: "For our early community",
      startAt: start.toISOString(),
      endAt: new Date(start.getTime() + minutes * 60_000).toISOString(),
      idType: "wallet",
      rewardType: "token",
      chainId: chain.chainId,
      tokenAddress: deployment.testToken,
      totalAmount: "1000",
      mode: "all",
      ...overrides,
    },
  });
  expect(response.body.message).toBe("success");
  return response.body.content;
}

/** The prepared campaign parameters (decimal strings on the wire) as the contract takes them. */
function campaignArgs(params: NonNullable<AirdropDetail["campaignParams"]>) {
  return {
    token: params.token as Address,
    kind: params.kind,
    proofKind: params.proofKind,
    mode: params.mode,
    merkleRoot: params.merkleRoot as Hex,
    shares: BigInt(params.shares),
    amountPerShare: BigInt(params.amountPerShare),
    start: BigInt(params.start),
    end: BigInt(params.end),
  };
}

async function fund(detail: AirdropDetail, from = creator): Promise<AirdropDetail> {
  const params = detail.campaignParams!;
  const amount = BigInt(detail.requiredDeposit!);
  const wallet = walletOf(from);
  await mined(
    await wallet.writeContract({
      address: deployment.testToken,
      abi: testTokenArtifact.abi,
      functionName: "approve",
      args: [deployment.airdropDistributor, amount],
    }),
  );
  const hash = await mined(
    await wallet.writeContract({
      address: deployment.airdropDistributor,
      abi: airdropDistributorAbi,
      functionName: "createCampaignAndDeposit",
      args: [campaignArgs(params), amount],
    }),
  );
  const reported = await reportTransaction(detail.id, hash, creatorToken);
  expect(reported.body.message).toBe("success");
  return reported.body.content;
}

/** Reports a mined distributor transaction to the API, as the web app does after each one. */
function reportTransaction(id: number, txHash: Hash | string, token = creatorToken) {
  return call<AirdropDetail>("POST", `/${id}/transactions`, { token, body: { txHash } });
}

/** The creator's refund on chain (after the end, or everything before the start). */
async function refundOnChain(detail: AirdropDetail): Promise<Hash> {
  return mined(
    await walletOf(creator).writeContract({
      address: deployment.airdropDistributor,
      abi: airdropDistributorAbi,
      functionName: "refund",
      args: [BigInt(detail.campaignId!)],
    }),
  );
}

async function prepared(id: number): Promise<AirdropDetail> {
  const response = await call<AirdropDetail>("POST", `/${id}/prepare`, { token: creatorToken });
  expect(response.body.message).toBe("success");
  return response.body.content;
}

async function claimOnChain(
  detail: AirdropDetail,
  claim: AirdropClaim,
  from: PrivateKeyAccount,
): Promise<Hash> {
  return mined(
    await walletOf(from).writeContract({
      address: deployment.airdropDistributor,
      abi: airdropDistributorAbi,
      functionName: "claim",
      args: [
        BigInt(detail.campaignId!),
        BigInt(claim.index!),
        claim.account as Address,
        BigInt(claim.amount!),
        claim.proof as Hex[],
      ],
    }),
  );
}

describe("wallet list, weighted 'all' airdrop: the whole life cycle", () => {
  const participants = [newWallet(), newWallet(), newWallet()];
  let draft: AirdropDetail;

  it("creates a draft, reads the token from the chain and keeps it from everyone but the creator (T8)", async () => {
    draft = await createDraft();
    expect(draft).toMatchObject({
      status: 0,
      tokenSymbol: expect.any(String),
      tokenDecimals: 18,
      isCreator: true,
    });
    const asStranger = await call("GET", `/${draft.id}`, { token: stranger.token });
    expect(asStranger.status).toBe(404);
    expect(asStranger.body).toEqual({ content: null, typeCode: 10, message: expect.any(String) });
    expect((await call("GET", `/${draft.id}`)).status).toBe(404);
    const mine = await call<{ items: { id: number }[] }>("GET", "/?filter=mine", { token: creatorToken });
    expect(mine.body.content.items.map((item) => item.id)).toContain(draft.id);
    const all = await call<{ items: { id: number }[] }>("GET", "/");
    expect(all.body.content.items.map((item) => item.id)).not.toContain(draft.id);
  });

  it("takes the list as text, reporting wrong and duplicate lines by number and keeping the good ones", async () => {
    const [first, second, third] = participants.map((wallet) => wallet.address);
    const text = [
      `${first},5`,
      "0x12345",
      `${second!.toLowerCase()}`,
      `${first!.toLowerCase()},2`,
      "",
      `${third},2`,
    ].join("\n");
    const response = await call<ParticipantReport>("PUT", `/${draft.id}/participants`, {
      token: creatorToken,
      text,
    });
    expect(response.body.content).toMatchObject({
      accepted: 3,
      totalWeight: 8,
      wrongLines: [2],
      duplicateLines: [4],
      wrongCount: 1,
      duplicateCount: 1,
    });
    const page = await call<{ items: { index: number; account: string; weight: number }[]; total: number }>(
      "GET",
      `/${draft.id}/participants`,
      { token: creatorToken },
    );
    expect(page.body.content.total).toBe(3);
    expect(page.body.content.items.map((item) => [item.index, item.account, item.weight])).toEqual([
      [0, first, 5],
      [1, second, 1],
      [2, third, 2],
    ]);
  });

  it("prepares amounts by weight and a Merkle root anyone can recompute from the claims list", async () => {
    draft = await prepared(draft.id);
    expect(draft.prepared).toBe(true);
    // 1000 tokens by weights 5, 1, 2 of 8: 625, 125, 250.
    expect(draft.requiredDeposit).toBe((1000n * 10n ** 18n).toString());
    expect(draft.campaignParams).toMatchObject({
      proofKind: 0,
      mode: 0,
      kind: 0,
      merkleRoot: draft.merkleRoot,
    });
    const list = await context.app.inject({
      url: `/api/bounty/airdrop/${draft.id}/claims-list`,
      headers: bearer(creatorToken),
    });
    expect(list.headers["content-disposition"]).toContain(`airdrop-${draft.id}-claims.csv`);
    const claims = parseClaimsList(list.body);
    expect(claims.map((claim) => claim.amount)).toEqual(
      [625n, 125n, 250n].map((value) => value * 10n ** 18n),
    );
    expect(buildClaimsTree(claims).root).toBe(draft.merkleRoot);
  });

  it("refuses to release before the deposit ('Need Deposit.'), in English and Chinese (T12)", async () => {
    const english = await call("POST", `/${draft.id}/release`, { token: creatorToken });
    expect(english.body).toMatchObject({ typeCode: 202, message: "Need Deposit." });
    const chinese = await call("POST", `/${draft.id}/release`, {
      token: creatorToken,
      headers: { "accept-language": "zh-cn" },
    });
    expect(chinese.body.message).toBe("请先充值。");
  });

  it("reads the campaign and deposit from the receipt, counts a reported transaction once (T15) and releases", async () => {
    const funded = await fund(draft);
    expect(funded.campaignId).not.toBeNull();
    expect(funded.deposited).toBe(draft.requiredDeposit);
    const again = await call<AirdropDetail>("POST", `/${draft.id}/transactions`, {
      token: creatorToken,
      body: { txHash: await lastCampaignTx(draft.id) },
    });
    expect(again.body.content.deposited).toBe(draft.requiredDeposit);
    const released = await call<AirdropDetail>("POST", `/${draft.id}/release`, { token: creatorToken });
    expect(released.body.content.status).toBe(2);
    draft = released.body.content;
    const all = await call<{ items: { id: number }[] }>("GET", "/");
    expect(all.body.content.items.map((item) => item.id)).toContain(draft.id);
  });

  it("refuses list and reward changes while the campaign holds the prize ('Charged prize must be refunded first')", async () => {
    const patch = await call("PATCH", `/${draft.id}`, { token: creatorToken, body: { totalAmount: "2000" } });
    expect(patch.body).toMatchObject({ typeCode: 201, message: "Charged prize must be refunded first." });
    const upload = await call("PUT", `/${draft.id}/participants`, {
      token: creatorToken,
      text: newWallet().address,
    });
    expect(upload.body.typeCode).toBe(201);
    const remove = await call("DELETE", `/${draft.id}`, { token: creatorToken });
    expect(remove.body.typeCode).toBe(201);
    const title = await call<AirdropDetail>("PATCH", `/${draft.id}`, {
      token: creatorToken,
      body: { title: "Season 1 drop (extended)" },
    });
    expect(title.body.content.title).toBe("Season 1 drop (extended)");
  });

  it("serves a participant's proof by an indexed read; the claim lands on chain and in the books, once", async () => {
    const participant = participants[0]!;
    const claim = await call<AirdropClaim>("GET", `/${draft.id}/claim?account=${participant.address}`);
    expect(claim.body.content).toMatchObject({ eligible: true, claimState: 0, index: 0 });
    const hash = await claimOnChain(draft, claim.body.content, creator);
    const reported = await reportTransaction(draft.id, hash, stranger.token);
    expect(reported.body.content.claimCount).toBe(1);
    expect(reported.body.content.claimedAmount).toBe((625n * 10n ** 18n).toString());
    const after = await call<AirdropClaim>("GET", `/${draft.id}/claim?account=${participant.address}`);
    expect(after.body.content).toMatchObject({ eligible: true, claimState: 1, proof: null });
    // A second claim is refused on chain, and the books do not move.
    await expect(claimOnChain(draft, claim.body.content, creator)).rejects.toThrow(/AlreadyClaimed/);
    const notListed = await call<AirdropClaim>("GET", `/${draft.id}/claim?account=${strangerAddress}`);
    expect(notListed.body.content.eligible).toBe(false);
  });

  it("lists the airdrop under My Wins for a listed wallet only", async () => {
    const winner = await signIn(context.app, participants[1]!);
    const wins = await call<{ items: { id: number }[] }>("GET", "/?filter=wins", { token: winner.token });
    expect(wins.body.content.items.map((item) => item.id)).toContain(draft.id);
    const notWins = await call<{ items: { id: number }[] }>("GET", "/?filter=wins", {
      token: stranger.token,
    });
    expect(notWins.body.content.items.map((item) => item.id)).not.toContain(draft.id);
    expect((await call("GET", "/?filter=wins")).status).toBe(401);
  });

  it("lets the creator refund exactly the remainder after the end; the airdrop is ended", async () => {
    await moveChainTime(31 * 60);
    const hash = await refundOnChain(draft);
    const reported = await reportTransaction(draft.id, hash, creatorToken);
    expect(reported.body.content).toMatchObject({
      status: 3,
      refundedAmount: (375n * 10n ** 18n).toString(),
      claimableAmount: "0",
    });
  });
});

async function lastCampaignTx(id: number): Promise<string> {
  const [row] = await context.database.db.select().from(airdrops).where(eq(airdrops.id, id));
  return row!.campaignTxHash!;
}

describe("creator-only operations and request validation (T9, T10, T12)", () => {
  it("answers every mutating route of the route table: 401 anonymous, 404 on a draft, 'You Are Not The Creator' (T8, T10)", async () => {
    // Creator-only routes, with a body each would accept from the creator. Participant routes are listed apart:
    // anyone signed in may report a transaction (the chain decides) or claim a Discord role for themselves.
    const sampleBodies: Record<string, { body?: unknown; text?: string }> = {
      "PATCH /api/bounty/airdrop/{id}": { body: { title: "Hijacked", totalAmount: "1" } },
      "DELETE /api/bounty/airdrop/{id}": {},
      "PUT /api/bounty/airdrop/{id}/participants": { text: newWallet().address },
      "DELETE /api/bounty/airdrop/{id}/participants": {},
      "PUT /api/bounty/airdrop/{id}/logo": {
        body: { image: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==" },
      },
      "DELETE /api/bounty/airdrop/{id}/logo": {},
      "POST /api/bounty/airdrop/{id}/prepare": {},
      "POST /api/bounty/airdrop/{id}/release": {},
    };
    const participantRoutes = [
      "POST /api/bounty/airdrop/{id}/transactions",
      "POST /api/bounty/airdrop/{id}/discord-role",
    ];
    const document = (await context.app.inject({ url: "/api/docs/json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith("/api/bounty/airdrop/{id}"))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((method) => ["post", "put", "patch", "delete"].includes(method))
          .map((method) => `${method.toUpperCase()} ${path}`),
      );
    expect(routes.sort()).toEqual([...Object.keys(sampleBodies), ...participantRoutes].sort());

    const draft = await createDraft({ title: "Owner only" });
    await call("PUT", `/${draft.id}/participants`, { token: creatorToken, text: newWallet().address });
    const released = await releasedAirdrop();
    const rows = async () =>
      context.database.db
        .select()
        .from(airdrops)
        .where(inArray(airdrops.id, [draft.id, released.id]));
    const before = await rows();
    for (const route of Object.keys(sampleBodies)) {
      const [method, path] = route.split(" ") as [string, string];
      const options = sampleBodies[route]!;
      for (const [airdrop, otherStatus] of [
        [draft, 404],
        [released, 403],
      ] as const) {
        const url = path.replace("/api/bounty/airdrop", "").replace("{id}", String(airdrop.id));
        const anonymous = await call(method as "POST", url, options);
        expect(anonymous.status, `${route} anonymous`).toBe(401);
        const other = await call(method as "POST", url, { ...options, token: stranger.token });
        expect(other.status, `${route} by another user`).toBe(otherStatus);
        expect(other.body.content).toBeNull();
        if (otherStatus === 403)
          expect(other.body).toMatchObject({ typeCode: 200, message: "You Are Not The Creator" });
      }
    }
    expect(await rows()).toEqual(before);
    const participants = await context.database.db
      .select()
      .from(airdropParticipants)
      .where(eq(airdropParticipants.airdropId, draft.id));
    expect(participants).toHaveLength(1);
  });

  it("refuses extra fields such as the creator or the status (T9)", async () => {
    const start = minuteFloor(appNow());
    for (const extra of [{ creatorAddress: strangerAddress }, { status: 2 }, { deposited: "1" }]) {
      const response = await call("POST", "/", {
        token: creatorToken,
        body: { title: "x", startAt: start.toISOString(), endAt: start.toISOString(), ...extra },
      });
      expect(response.status).toBe(400);
    }
  });

  it("returns SPEC §5's messages for bad input, in English and Chinese, never a 500 (T12)", async () => {
    const start = minuteFloor(appNow());
    const later = new Date(start.getTime() + 3_600_000).toISOString();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: "", startAt: start.toISOString(), endAt: later }, "Please input title", "请输入标题"],
      [
        { title: "x", startAt: later, endAt: start.toISOString() },
        "The start time cannot be later than the end time",
        "开始时间不能晚于结束时间",
      ],
      [
        { title: "x", startAt: start.toISOString(), endAt: later, tokenAddress: "0x1234" },
        "Token address not valid",
        "代币地址无效",
      ],
      [
        { title: "x", startAt: start.toISOString(), endAt: later, totalAmount: "1.23456" },
        "The amount can have up to 4 decimals.",
        "数量最多保留 4 位小数。",
      ],
    ];
    for (const [body, english, chinese] of cases) {
      const en = await call("POST", "/", { token: creatorToken, body });
      expect(en.status).toBe(400);
      expect(en.body.message).toContain(english);
      const cn = await call("POST", "/", {
        token: creatorToken,
        body,
        headers: { "accept-language": "zh-cn" },
      });
      expect(cn.body.message).toContain(chinese);
    }
    // A contract that is not a token.
    const notToken = await call("POST", "/", {
      token: creatorToken,
      body: {
        title: "x",
        startAt: start.toISOString(),
        endAt: later,
        chainId: chain.chainId,
        tokenAddress: deployment.batchPayout,
      },
    });
    expect(notToken.body.message).toBe("Token address not valid");

    const draft = await createDraft({ totalAmount: null, mode: "fcfs" });
    const noList = await call("POST", `/${draft.id}/prepare`, { token: creatorToken });
    expect(noList.body.message).toBe("Need upload participants.");
    await call("PUT", `/${draft.id}/participants`, {
      token: creatorToken,
      text: `${newWallet().address}\n${newWallet().address}`,
    });
    const noAmount = await call("POST", `/${draft.id}/prepare`, { token: creatorToken });
    expect(noAmount.body.message).toBe("Need input amount.");
    await call("PATCH", `/${draft.id}`, { token: creatorToken, body: { totalAmount: "10" } });
    const noShares = await call("POST", `/${draft.id}/prepare`, { token: creatorToken });
    expect(noShares.body.message).toBe("Need input Airdrop Share.");
    await call("PATCH", `/${draft.id}`, { token: creatorToken, body: { shares: 3 } });
    const overflow = await call("POST", `/${draft.id}/prepare`, {
      token: creatorToken,
      headers: { "accept-language": "zh-cn" },
    });
    expect(overflow.body.message).toBe("空投份数超出参与人数。");
  });

  it("clears the list when the account type changes", async () => {
    const draft = await createDraft();
    await call("PUT", `/${draft.id}/participants`, { token: creatorToken, text: newWallet().address });
    const changed = await call<AirdropDetail>("PATCH", `/${draft.id}`, {
      token: creatorToken,
      body: { idType: "twitter" },
    });
    expect(changed.body.content.participantCount).toBe(0);
    const rows = await context.database.db
      .select()
      .from(airdropParticipants)
      .where(eq(airdropParticipants.airdropId, draft.id));
    expect(rows).toEqual([]);
  });
});

async function releasedAirdrop(
  overrides: Record<string, unknown> = {},
  text?: string,
): Promise<AirdropDetail> {
  const draft = await createDraft(overrides);
  await call("PUT", `/${draft.id}/participants`, {
    token: creatorToken,
    text: text ?? `${newWallet().address}\n${newWallet().address}`,
  });
  const funded = await fund(await prepared(draft.id));
  const released = await call<AirdropDetail>("POST", `/${funded.id}/release`, { token: creatorToken });
  expect(released.body.message).toBe("success");
  return released.body.content;
}

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
    const outcomes = await Promise.allSettled(
      claims.map(async (claim, position) =>
        walletOf(senders[position % senders.length]!).writeContract({
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
        }),
      ),
    );
    const hashes = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
    const receipts = await Promise.all(
      hashes.map((hash) => publicClient.waitForTransactionReceipt({ hash })),
    );
    const succeeded = receipts.filter((receipt) => receipt.status === "success");
    expect(succeeded).toHaveLength(4);
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
    expect(reverted).toHaveLength(receipts.length - 4);
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

describe("taking a funded campaign back before the start", () => {
  it("returns the airdrop to an editable draft once the creator refunds", async () => {
    const start = new Date(minuteFloor(appNow()).getTime() + 10 * 60_000);
    const draft = await createDraft({
      startAt: start.toISOString(),
      endAt: new Date(start.getTime() + 3_600_000).toISOString(),
    });
    await call("PUT", `/${draft.id}/participants`, { token: creatorToken, text: newWallet().address });
    const funded = await fund(await prepared(draft.id));
    const released = await call<AirdropDetail>("POST", `/${draft.id}/release`, { token: creatorToken });
    expect(released.body.content.status).toBe(1);
    expect(
      (await call("PATCH", `/${draft.id}`, { token: creatorToken, body: { totalAmount: "5" } })).body
        .typeCode,
    ).toBe(201);
    const hash = await refundOnChain(funded);
    const reported = await reportTransaction(draft.id, hash, creatorToken);
    expect(reported.body.content).toMatchObject({
      status: 0,
      campaignId: null,
      deposited: "0",
      editable: true,
    });
    const edited = await call<AirdropDetail>("PATCH", `/${draft.id}`, {
      token: creatorToken,
      body: { totalAmount: "5" },
    });
    expect(edited.body.content).toMatchObject({ totalAmount: "5", prepared: false });
  });
});

describe("the event indexer", () => {
  it("links a campaign and counts claims that nobody reported, each once", async () => {
    const listed = [newWallet(), newWallet()];
    const draft = await createDraft({ title: "Indexed" });
    await call("PUT", `/${draft.id}/participants`, {
      token: creatorToken,
      text: listed.map((wallet) => wallet.address).join("\n"),
    });
    const detail = await prepared(draft.id);
    const service = context.app.airdrop;
    // Catch the cursor up first, so this pass only sees what follows.
    while ((await service.indexChain(chain.chainId))!.toBlock < (await publicClient.getBlockNumber())) {}
    const params = detail.campaignParams!;
    const amount = BigInt(detail.requiredDeposit!);
    const wallet = walletOf(creator);
    await mined(
      await wallet.writeContract({
        address: deployment.testToken,
        abi: testTokenArtifact.abi,
        functionName: "approve",
        args: [deployment.airdropDistributor, amount],
      }),
    );
    await mined(
      await wallet.writeContract({
        address: deployment.airdropDistributor,
        abi: airdropDistributorAbi,
        functionName: "createCampaignAndDeposit",
        args: [campaignArgs(params), amount],
      }),
    );
    await service.indexChain(chain.chainId);
    const linked = (await call<AirdropDetail>("GET", `/${draft.id}`, { token: creatorToken })).body.content;
    expect(linked.campaignId).not.toBeNull();
    expect(linked.deposited).toBe(detail.requiredDeposit);
    await call("POST", `/${draft.id}/release`, { token: creatorToken });
    const claim = (await call<AirdropClaim>("GET", `/${draft.id}/claim?account=${listed[1]!.address}`)).body
      .content;
    await claimOnChain(linked, claim, creator);
    await service.indexChain(chain.chainId);
    await service.indexChain(chain.chainId);
    const after = (await call<AirdropDetail>("GET", `/${draft.id}`, { token: creatorToken })).body.content;
    expect(after.claimCount).toBe(1);
    const participant = (await call<AirdropClaim>("GET", `/${draft.id}/claim?account=${listed[1]!.address}`))
      .body.content;
    expect(participant.claimState).toBe(1);
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

describe("an NFT airdrop", () => {
  it("checks the contract is an ERC-721, counts registered tokens as the deposit and pays one per claim", async () => {
    const wallet = walletOf(creator);
    const deployed = await publicClient.waitForTransactionReceipt({
      hash: await wallet.deployContract({ abi: testNftArtifact.abi, bytecode: testNftArtifact.bytecode }),
    });
    const nft = deployed.contractAddress!;
    for (const tokenId of [1n, 2n]) {
      await mined(
        await wallet.writeContract({
          address: nft,
          abi: testNftArtifact.abi,
          functionName: "mint",
          args: [creator.address, tokenId],
        }),
      );
    }
    // An ERC-20 is not an NFT contract.
    const wrong = await call("POST", "/", {
      token: creatorToken,
      body: {
        title: "NFT drop",
        startAt: minuteFloor(appNow()).toISOString(),
        endAt: new Date(minuteFloor(appNow()).getTime() + 3_600_000).toISOString(),
        rewardType: "nft",
        chainId: chain.chainId,
        tokenAddress: deployment.testToken,
      },
    });
    expect(wrong.body.message).toBe("Token address not valid");

    const listed = [newWallet(), newWallet()];
    const draft = await createDraft({ rewardType: "nft", tokenAddress: nft, totalAmount: null });
    expect(draft).toMatchObject({ tokenSymbol: "DFNFT", tokenDecimals: 0 });
    await call("PUT", `/${draft.id}/participants`, {
      token: creatorToken,
      text: listed.map((participant) => participant.address).join("\n"),
    });
    const detail = await prepared(draft.id);
    expect(detail).toMatchObject({ requiredDeposit: "2", campaignParams: { kind: 1, mode: 0 } });
    const params = detail.campaignParams!;
    const created = await mined(
      await wallet.writeContract({
        address: deployment.airdropDistributor,
        abi: airdropDistributorAbi,
        functionName: "createCampaign",
        args: [campaignArgs(params)],
      }),
    );
    const linked = await reportTransaction(draft.id, created, creatorToken);
    await mined(
      await wallet.writeContract({
        address: nft,
        abi: testNftArtifact.abi,
        functionName: "setApprovalForAll",
        args: [deployment.airdropDistributor, true],
      }),
    );
    const registered = await mined(
      await wallet.writeContract({
        address: deployment.airdropDistributor,
        abi: airdropDistributorAbi,
        functionName: "registerNft",
        args: [BigInt(linked.body.content.campaignId!), [1n, 2n]],
      }),
    );
    const funded = await reportTransaction(draft.id, registered, creatorToken);
    expect(funded.body.content.deposited).toBe("2");
    expect(
      (await call<AirdropDetail>("POST", `/${draft.id}/release`, { token: creatorToken })).body.content
        .status,
    ).toBe(2);
    const claim = (await call<AirdropClaim>("GET", `/${draft.id}/claim?account=${listed[0]!.address}`)).body
      .content;
    expect(claim.amount).toBe("1");
    const hash = await claimOnChain(funded.body.content, claim, creator);
    await call("POST", `/${draft.id}/transactions`, { token: creatorToken, body: { txHash: hash } });
    const owner = await publicClient.readContract({
      address: nft,
      abi: testNftArtifact.abi,
      functionName: "balanceOf",
      args: [listed[0]!.address],
    });
    expect(owner).toBe(1n);
    const after = (await call<AirdropDetail>("GET", `/${draft.id}`)).body.content;
    expect(after).toMatchObject({ claimCount: 1, claimableAmount: "1" });
  });
});
