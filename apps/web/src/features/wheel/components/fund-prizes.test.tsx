import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../shared/i18n/i18n";
import {
  envelope,
  gameDetail,
  playerAddress,
  renderWithApp,
  setupWheelI18n,
  stubApi,
  testViewer,
} from "../testing/test-utils";
import { FundPrizes } from "./fund-prizes";

const wallet = vi.hoisted(() => ({
  connectWallet: vi.fn(),
  clientOnChain: vi.fn(),
  readToken: vi.fn(),
  approveToken: vi.fn(),
  waitForSuccess: vi.fn(async () => undefined),
  sendPrizeCampaign: vi.fn(),
  createdCampaignId: vi.fn(),
  idsNotOwned: vi.fn(),
  isCollectionApproved: vi.fn(),
  approveCollection: vi.fn(),
  sendNftPrizeCampaign: vi.fn(),
  registerNft: vi.fn(),
  readWalletNfts: vi.fn(),
  readNftCampaign: vi.fn(),
}));
vi.mock("../wallet/wheel-wallet", () => wallet);

const dft = 10n ** 18n;
const approval = `0x${"ab".repeat(32)}`;
const deposit = `0x${"cd".repeat(32)}`;

/** Game 3 before its start, managed by the viewer, with its 5 DFT × 10 prize (50 DFT) not funded yet. */
function unfundedGame() {
  const game = gameDetail({ status: 0, canManage: true });
  return {
    ...game,
    prizes: game.prizes.map((prize) =>
      prize.id === "p2" ? { ...prize, won: 0, funded: false, campaignId: null } : prize,
    ),
  };
}

/** The same game with only an NFT prize left to fund: two DFNFTs (or `count`), one per win. */
function nftGame(count = 2, prize: { campaignId?: string | null; funded?: boolean } = {}) {
  const game = gameDetail({ status: 0, canManage: true });
  return {
    ...game,
    prizes: [
      ...game.prizes,
      {
        id: "p4",
        kind: "nft" as const,
        label: "",
        weight: 5,
        count,
        amount: "1",
        token: "0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9",
        tokenSymbol: "DFNFT",
        tokenDecimals: 0,
        won: 0,
        campaignId: null,
        funded: false,
        ...prize,
      },
    ],
  };
}

function walletHolding(balance: bigint, allowance = 0n) {
  wallet.connectWallet.mockResolvedValue({ engine: {}, address: playerAddress });
  wallet.clientOnChain.mockResolvedValue({ account: { address: playerAddress } });
  wallet.readToken.mockResolvedValue({ symbol: "DFT", decimals: 18, balance, allowance });
}

const collection = "0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9";
const distributor = "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9";

/**
 * The chain and the API for an NFT prize of `count` wins: the distributor's campaigns (9 already open, holding
 * `held`; `refunded` closes it), registerNft moving a batch in (unless it is batch `failBatch`, which the creator
 * rejects), readNftCampaign reading the ids back, and the funding route counting the prize funded once the
 * campaign it is told holds `count` NFTs.
 */
function nftChain(count: number, options: { held?: bigint[]; failBatch?: number; refunded?: boolean } = {}) {
  const campaigns = new Map<bigint, bigint[]>([[9n, [...(options.held ?? [])]]]);
  let batch = 0;
  walletHolding(0n);
  wallet.idsNotOwned.mockResolvedValue([]);
  wallet.isCollectionApproved.mockResolvedValue(true);
  wallet.sendNftPrizeCampaign.mockResolvedValue(deposit);
  wallet.createdCampaignId.mockImplementation(async () => {
    const id = BigInt(9 + campaigns.size);
    campaigns.set(id, []);
    return id;
  });
  wallet.registerNft.mockImplementation(async (...args: unknown[]) => {
    batch += 1;
    if (batch === options.failBatch)
      throw Object.assign(new Error("User rejected the request."), { code: 4001 });
    campaigns.get(args[2] as bigint)?.push(...(args[3] as bigint[]));
    return `0x${"ef".repeat(32)}`;
  });
  wallet.readNftCampaign.mockImplementation(async (...args: unknown[]) => ({
    refunded: args[2] === 9n && options.refunded === true,
    tokenIds: [...(campaigns.get(args[2] as bigint) ?? [])],
  }));
  const api = stubApi([
    { path: /\/games\/3$/, answer: () => envelope(nftGame(count, { campaignId: "9" })) },
    {
      method: "POST",
      path: /\/games\/3\/prizes\/p4\/funding$/,
      answer: async (request) => {
        const { campaignId } = (await request.json()) as { campaignId: string };
        const funded = (campaigns.get(BigInt(campaignId))?.length ?? 0) >= count;
        return envelope(nftGame(count, { campaignId, funded }));
      },
    },
  ]);
  return { ...api, held: campaigns.get(9n) ?? [] };
}

const fundingBodies = (calls: { path: string; body: string }[]) =>
  calls.filter((call) => call.path.endsWith("/prizes/p4/funding")).map((call) => JSON.parse(call.body));

function fund() {
  stubApi([{ path: /\/games\/3$/, answer: () => envelope(unfundedGame()) }]);
  renderWithApp(<FundPrizes game={unfundedGame()} viewer={testViewer()} />);
  fireEvent.click(screen.getByTestId("fund-p2-button"));
}

beforeAll(setupWheelI18n);
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18n.changeLanguage("en");
});

describe("FundPrizes", () => {
  it("stops before any transaction when the wallet holds too little of the token, and says how much", async () => {
    walletHolding(12n * dft + dft / 2n);
    fund();
    expect((await screen.findByTestId("fund-error")).textContent).toBe(
      "Your balance is insufficient: this prize needs 50.00 DFT and your wallet holds 12.50 DFT. Add DFT to the wallet, then fund again.",
    );
    expect(wallet.readToken).toHaveBeenCalledWith(
      { account: { address: playerAddress } },
      "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
      playerAddress,
      "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
    );
    expect(wallet.approveToken).not.toHaveBeenCalled();
    expect(wallet.sendPrizeCampaign).not.toHaveBeenCalled();
    // The balance step is the one marked failed; the message stays in the dialog, not a raw RPC error.
    expect(
      screen.getByText("Check your DFT balance").closest("[data-status]")?.getAttribute("data-status"),
    ).toBe("failed");
  });

  it("says it in Chinese from the cn catalogue", async () => {
    await i18n.changeLanguage("cn");
    await i18n.loadNamespaces(["wheel", "validation"]);
    walletHolding(0n);
    fund();
    expect((await screen.findByTestId("fund-error")).textContent).toBe(
      "余额不足：该奖品需要 50.00 DFT，你的钱包只有 0.00 DFT。请先向钱包转入 DFT，再重新注资。",
    );
    expect(wallet.sendPrizeCampaign).not.toHaveBeenCalled();
  });

  it("approves the whole deposit, then opens and funds the campaign and names it to the API", async () => {
    walletHolding(50n * dft);
    wallet.approveToken.mockResolvedValue(approval);
    wallet.sendPrizeCampaign.mockResolvedValue(deposit);
    wallet.createdCampaignId.mockResolvedValue(8n);
    const { calls } = stubApi([
      { path: /\/games\/3$/, answer: () => envelope(unfundedGame()) },
      { method: "POST", path: /\/games\/3\/prizes\/p2\/funding$/, answer: () => envelope(unfundedGame()) },
    ]);
    renderWithApp(<FundPrizes game={unfundedGame()} viewer={testViewer()} />);
    fireEvent.click(screen.getByTestId("fund-p2-button"));
    await screen.findByTestId("fund-done");
    expect(wallet.approveToken.mock.calls[0]?.slice(1)).toEqual([
      "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
      "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
      50n * dft,
    ]);
    expect(wallet.sendPrizeCampaign.mock.calls[0]?.[2]).toMatchObject({ deposit: 50n * dft });
    const funding = calls.find((call) => call.path.endsWith("/prizes/p2/funding"));
    expect(JSON.parse(funding?.body ?? "{}")).toEqual({ campaignId: "8" });
    expect(screen.queryByTestId("fund-error")).toBeNull();
  });

  it("says a rejection in the wallet sent nothing, instead of staying silent", async () => {
    walletHolding(50n * dft);
    wallet.approveToken.mockRejectedValue(
      Object.assign(new Error("User rejected the request."), { code: 4001 }),
    );
    fund();
    expect((await screen.findByTestId("fund-error")).textContent).toBe(
      "You declined the request in your wallet, so nothing was sent.",
    );
    expect(wallet.sendPrizeCampaign).not.toHaveBeenCalled();
  });

  it("words a wallet on another chain with the catalogue, not viem's message", async () => {
    walletHolding(50n * dft);
    wallet.approveToken.mockRejectedValue(
      Object.assign(new Error("The current chain of the wallet (id: 1) does not match the target chain"), {
        name: "ChainMismatchError",
      }),
    );
    fund();
    const error = await screen.findByTestId("fund-error");
    expect(error.textContent).toMatch(/^Switch your wallet to .+ and try again\.$/);
  });

  it("words a wallet that could not switch networks with the catalogue", async () => {
    walletHolding(50n * dft);
    wallet.clientOnChain.mockRejectedValue(
      Object.assign(new Error("Unrecognized chain ID 0x7a69."), { code: 4902 }),
    );
    fund();
    const error = await screen.findByTestId("fund-error");
    expect(error.textContent).toMatch(/^Switch your wallet to .+ and try again\.$/);
    expect(wallet.readToken).not.toHaveBeenCalled();
  });

  it("funds an NFT prize with the ids given: approves the collection, opens the campaign, moves them in", async () => {
    const { calls } = nftChain(2);
    wallet.createdCampaignId.mockResolvedValue(9n);
    wallet.isCollectionApproved.mockResolvedValue(false);
    wallet.approveCollection.mockResolvedValue(approval);
    const game = nftGame();
    renderWithApp(<FundPrizes game={game} viewer={testViewer()} />);
    expect(screen.getByTestId("fund-p4").textContent).toBe("DFNFT NFT × 2, one per winFund");
    fireEvent.click(screen.getByTestId("fund-p4-button"));
    await screen.findByTestId("fund-nft-ids");
    // Ids that do not fit the prize are named, and nothing is sent.
    fireEvent.change(screen.getByTestId("fund-nft-ids"), { target: { value: "141, x7" } });
    fireEvent.click(screen.getByTestId("fund-nft-submit"));
    await screen.findByText("Not token ids: x7.");
    fireEvent.change(screen.getByTestId("fund-nft-ids"), { target: { value: "141" } });
    fireEvent.click(screen.getByTestId("fund-nft-submit"));
    await screen.findByText("This prize takes 2 NFTs; 1 given.");
    expect(wallet.connectWallet).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId("fund-nft-ids"), { target: { value: "141 142" } });
    fireEvent.click(screen.getByTestId("fund-nft-submit"));
    await screen.findByTestId("fund-done");
    expect(wallet.idsNotOwned.mock.calls[0]?.slice(1)).toEqual([collection, playerAddress, [141n, 142n]]);
    expect(wallet.approveCollection.mock.calls[0]?.slice(1)).toEqual([collection, distributor]);
    expect(wallet.sendNftPrizeCampaign.mock.calls[0]?.slice(1)).toEqual([
      distributor,
      { token: collection, deposit: 2n, start: 1_767_261_600n, end: 1_893_492_000n + 7n * 86_400n },
    ]);
    expect(wallet.registerNft.mock.calls.map((call) => call.slice(1))).toEqual([
      [distributor, 9n, [141n, 142n]],
    ]);
    // Named when opened (not funded yet), then again once the NFTs are in.
    expect(fundingBodies(calls)).toEqual([{ campaignId: "9" }, { campaignId: "9" }]);
  });

  it("a funding stopped half-way shows what got in and moves only the rest into the same campaign", async () => {
    const ids = Array.from({ length: 60 }, (_, index) => 301n + BigInt(index));
    // Batches of 50: the first gets in, the creator rejects the second.
    const { calls, held } = nftChain(60, { failBatch: 2 });
    wallet.createdCampaignId.mockResolvedValue(9n);
    renderWithApp(<FundPrizes game={nftGame(60)} viewer={testViewer()} />);
    fireEvent.click(screen.getByTestId("fund-p4-button"));
    fireEvent.change(await screen.findByTestId("fund-nft-ids"), { target: { value: ids.join(", ") } });
    fireEvent.click(screen.getByTestId("fund-nft-submit"));
    expect((await screen.findByTestId("fund-error")).textContent).toBe(
      "You declined the request in your wallet. What was sent before it stays in the prize's campaign: continue with the rest below.",
    );
    expect((await screen.findByTestId("fund-nft-deposited")).textContent).toBe(
      "50 of the 60 NFTs are already in the prize's campaign (301, 302, 303, 304, 305, 306, 307, 308, 309, 310, … (+40)). Continue with the other 10; those already in are not sent again.",
    );
    expect(wallet.readNftCampaign).toHaveBeenLastCalledWith(expect.anything(), distributor, 9n);
    // The ids that did not get in are offered again, and the form asks for those 10 only.
    const rest = ids.slice(50);
    expect((screen.getByTestId("fund-nft-ids") as HTMLTextAreaElement).value).toBe(rest.join(", "));
    expect(screen.getByText("The 10 DFNFT NFTs to pay out (their token ids)")).toBeTruthy();
    fireEvent.click(screen.getByTestId("fund-nft-submit"));
    await screen.findByTestId("fund-done");
    expect(wallet.sendNftPrizeCampaign).toHaveBeenCalledTimes(1);
    expect(wallet.idsNotOwned.mock.calls[1]?.[3]).toEqual(rest);
    expect(wallet.registerNft.mock.calls.map((call) => [call[2], (call[3] as bigint[]).length])).toEqual([
      [9n, 50],
      [9n, 10],
      [9n, 10],
    ]);
    expect(wallet.registerNft.mock.calls[2]?.[3]).toEqual(rest);
    expect(held).toEqual(ids);
    expect(fundingBodies(calls)).toEqual([{ campaignId: "9" }, { campaignId: "9" }]);
    expect(screen.queryByTestId("fund-error")).toBeNull();
  });

  it("after a reload, a prize whose campaign holds some of its NFTs reads Continue and asks only for the rest", async () => {
    const { calls } = nftChain(3, { held: [141n] });
    renderWithApp(<FundPrizes game={nftGame(3, { campaignId: "9" })} viewer={testViewer()} />);
    const button = screen.getByTestId("fund-p4-button");
    expect(button.textContent).toBe("Continue");
    fireEvent.click(button);
    expect((await screen.findByTestId("fund-nft-deposited")).textContent).toBe(
      "1 of the 3 NFTs are already in the prize's campaign (141). Continue with the other 2; those already in are not sent again.",
    );
    fireEvent.change(screen.getByTestId("fund-nft-ids"), { target: { value: "141 142 143" } });
    fireEvent.click(screen.getByTestId("fund-nft-submit"));
    await screen.findByText("This prize takes 2 NFTs; 3 given.");
    fireEvent.change(screen.getByTestId("fund-nft-ids"), { target: { value: "142 143" } });
    fireEvent.click(screen.getByTestId("fund-nft-submit"));
    await screen.findByTestId("fund-done");
    expect(wallet.sendNftPrizeCampaign).not.toHaveBeenCalled();
    expect(wallet.registerNft.mock.calls.map((call) => call.slice(1))).toEqual([
      [distributor, 9n, [142n, 143n]],
    ]);
    expect(fundingBodies(calls)).toEqual([{ campaignId: "9" }]);
  });

  it("says the deposit in Chinese, and with every NFT in only records the funding", async () => {
    await i18n.changeLanguage("cn");
    await i18n.loadNamespaces(["wheel", "validation"]);
    const { calls } = nftChain(2, { held: [141n, 142n] });
    renderWithApp(<FundPrizes game={nftGame(2, { campaignId: "9" })} viewer={testViewer()} />);
    fireEvent.click(screen.getByTestId("fund-p4-button"));
    expect((await screen.findByTestId("fund-nft-deposited")).textContent).toBe(
      "全部 2 个 NFT 已在奖品活动中（141, 142）。记录注资即可完成。",
    );
    expect(screen.queryByTestId("fund-nft-ids")).toBeNull();
    fireEvent.click(screen.getByTestId("fund-nft-record"));
    await screen.findByTestId("fund-done");
    expect(wallet.idsNotOwned).not.toHaveBeenCalled();
    expect(wallet.registerNft).not.toHaveBeenCalled();
    expect(wallet.sendNftPrizeCampaign).not.toHaveBeenCalled();
    expect(fundingBodies(calls)).toEqual([{ campaignId: "9" }]);
  });

  it("leaves a refunded campaign and opens a new one for the whole prize", async () => {
    const { calls } = nftChain(2, { held: [], refunded: true });
    renderWithApp(<FundPrizes game={nftGame(2, { campaignId: "9" })} viewer={testViewer()} />);
    fireEvent.click(screen.getByTestId("fund-p4-button"));
    const field = await screen.findByTestId("fund-nft-ids");
    expect(wallet.readNftCampaign).toHaveBeenCalledWith(expect.anything(), distributor, 9n);
    expect(screen.queryByTestId("fund-nft-deposited")).toBeNull();
    fireEvent.change(field, { target: { value: "141 142" } });
    fireEvent.click(screen.getByTestId("fund-nft-submit"));
    await screen.findByTestId("fund-done");
    expect(wallet.sendNftPrizeCampaign).toHaveBeenCalledTimes(1);
    expect(wallet.registerNft.mock.calls.map((call) => call.slice(2))).toEqual([[10n, [141n, 142n]]]);
    expect(fundingBodies(calls)).toEqual([{ campaignId: "10" }, { campaignId: "10" }]);
  });

  it("names the NFTs the wallet does not own before sending anything", async () => {
    walletHolding(0n);
    wallet.idsNotOwned.mockResolvedValue([142n]);
    const game = nftGame();
    stubApi([{ path: /\/games\/3$/, answer: () => envelope(game) }]);
    renderWithApp(<FundPrizes game={game} viewer={testViewer()} />);
    fireEvent.click(screen.getByTestId("fund-p4-button"));
    fireEvent.change(await screen.findByTestId("fund-nft-ids"), { target: { value: "141, 142" } });
    fireEvent.click(screen.getByTestId("fund-nft-submit"));
    expect((await screen.findByTestId("fund-error")).textContent).toBe(
      "Your wallet does not own these NFTs: 142. Nothing was sent.",
    );
    expect(wallet.approveCollection).not.toHaveBeenCalled();
    expect(wallet.sendNftPrizeCampaign).not.toHaveBeenCalled();
    expect(wallet.registerNft).not.toHaveBeenCalled();
  });
});
