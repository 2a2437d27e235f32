import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  envelope,
  nftAirdropDetail,
  nftCollectionAddress,
  platformConfig,
  renderWizardAt,
  setupAirdropI18n,
} from "../testing/test-utils";

/**
 * The wizard's NFT path: the wallet module (the chain) is replaced by an in-memory collection and distributor that
 * record every transaction, and the API by a fake that books the reported transactions like the real one.
 */
const chain = vi.hoisted(() => {
  const creator = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
  const state = {
    owners: new Map<bigint, string>(),
    approved: false,
    enumerable: true,
    sent: [] as { call: string; args: unknown[] }[],
    /** What each transaction did, by hash, for the fake API to book. */
    effects: new Map<string, { kind: "open" } | { kind: "register"; count: number }>(),
  };
  const hash = (effect?: { kind: "open" } | { kind: "register"; count: number }) => {
    const value = `0x${(state.sent.length + 1).toString(16).padStart(64, "0")}`;
    if (effect) state.effects.set(value, effect);
    return value;
  };
  const owned = (owner: string) =>
    [...state.owners].filter(([, holder]) => holder === owner).map(([tokenId]) => tokenId);
  const distributor = {
    connectWallet: async () => ({ engine: {}, address: creator }),
    clientOnChain: async () => ({}),
    waitForSuccess: async () => undefined,
    idsNotOwned: async (_client: unknown, _collection: string, owner: string, tokenIds: bigint[]) =>
      tokenIds.filter((tokenId) => state.owners.get(tokenId) !== owner),
    isCollectionApproved: async () => state.approved,
    approveCollection: async (_client: unknown, collection: string, operator: string) => {
      const value = hash();
      state.sent.push({ call: "setApprovalForAll", args: [collection, operator] });
      state.approved = true;
      return value;
    },
    createCampaign: async (_client: unknown, target: string, params: unknown) => {
      const value = hash({ kind: "open" });
      state.sent.push({ call: "createCampaign", args: [target, params] });
      return value;
    },
    registerNft: async (_client: unknown, _target: string, campaignId: bigint, tokenIds: bigint[]) => {
      if (!state.approved) throw new Error("ERC721InsufficientApproval");
      const value = hash({ kind: "register", count: tokenIds.length });
      state.sent.push({ call: "registerNft", args: [campaignId, [...tokenIds]] });
      for (const tokenId of tokenIds) state.owners.set(tokenId, "distributor");
      return value;
    },
    readWalletNfts: async (_client: unknown, _collection: string, owner: string, limit: number) => {
      if (!state.enumerable) return { enumerable: false };
      const tokenIds = owned(owner);
      return { enumerable: true, balance: BigInt(tokenIds.length), tokenIds: tokenIds.slice(0, limit) };
    },
  };
  return { creator, state, distributor };
});

vi.mock("../wallet/distributor", () => chain.distributor);

const { creator } = chain;
const nftAddress = nftCollectionAddress;
const distributorAddress = "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9";

/** A saved NFT draft with its list uploaded, not prepared yet. */
function nftDraft(participantCount: number) {
  return nftAirdropDetail({ participantCount, totalWeight: participantCount });
}

/** A fake airdrop API around one NFT draft: prepare, the reported transactions and release change it. */
function serveApi(participantCount: number) {
  const calls: string[] = [];
  let current = nftDraft(participantCount);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      if (url.endsWith("/platform/config")) return envelope(platformConfig());
      const path = new URL(url, "http://localhost").pathname.replace("/api/bounty/airdrop", "");
      if (method !== "GET") calls.push(`${method} ${path}`);
      if (path === "/5/prepare" && method === "POST") {
        current = {
          ...current,
          prepared: true,
          requiredDeposit: String(participantCount),
          distributorAddress,
          campaignParams: {
            token: nftAddress,
            kind: 1,
            proofKind: 0,
            mode: 0,
            merkleRoot: `0x${"ab".repeat(32)}`,
            shares: "0",
            amountPerShare: "0",
            start: "1893492000",
            end: "1894096800",
          },
        };
        return envelope(current);
      }
      if (path === "/5/transactions" && method === "POST") {
        const { txHash } = JSON.parse(String(init?.body)) as { txHash: string };
        const effect = chain.state.effects.get(txHash);
        if (effect?.kind === "open") current = { ...current, campaignId: "7" };
        if (effect?.kind === "register")
          current = { ...current, deposited: String(Number(current.deposited) + effect.count) };
        return envelope(current);
      }
      if (path === "/5/release" && method === "POST") {
        if (Number(current.deposited) < participantCount)
          return envelope(null, { typeCode: 2005, message: "Deposit required", status: 400 });
        current = { ...current, status: 1, releasedAt: "2029-12-01T00:00:00.000Z" };
        return envelope(current);
      }
      if (path.startsWith("/5/participants")) return envelope({ items: [], total: participantCount });
      if (path === "/5") return envelope(current);
      return envelope(null, { typeCode: 10, status: 404 });
    }),
  );
  return calls;
}

const renderRewardStep = () => renderWizardAt("/airdrop/create/5", { state: { step: 2 } });

const tokenIdsField = () => screen.getByTestId("nft-token-ids") as HTMLTextAreaElement;
const typeIds = (text: string) => fireEvent.change(tokenIdsField(), { target: { value: text } });
const ids = (first: number, count: number) =>
  Array.from({ length: count }, (_, index) => BigInt(first + index));

beforeAll(() => setupAirdropI18n());

beforeEach(() => {
  chain.state.owners = new Map([...ids(141, 20).map((tokenId) => [tokenId, creator] as const)]);
  chain.state.owners.set(1n, "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
  chain.state.approved = false;
  chain.state.enumerable = true;
  chain.state.sent = [];
  chain.state.effects.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the wizard's NFT reward", () => {
  it("checks the ids as typed, showing how many are needed, before anything is sent", async () => {
    const calls = serveApi(3);
    renderRewardStep();
    await screen.findByTestId("wizard-reward");
    expect(screen.getByTestId("nft-count").textContent).toBe("0 of 3 entered");
    expect(screen.getByTestId("required-deposit").textContent).toBe("3");

    fireEvent.click(screen.getByTestId("wizard-finish"));
    expect(await screen.findByText("Please input the ids of 3 NFTs.")).toBeTruthy();
    typeIds("141, 142, 14x");
    fireEvent.click(screen.getByTestId("wizard-finish"));
    expect(await screen.findByText("Not a token id (a whole number from 0): 14x")).toBeTruthy();
    typeIds("141 142\n142");
    fireEvent.click(screen.getByTestId("wizard-finish"));
    expect(await screen.findByText("Token ids entered twice: 142")).toBeTruthy();
    typeIds("141\n142");
    expect(screen.getByTestId("nft-count").textContent).toBe("2 of 3 entered");
    fireEvent.click(screen.getByTestId("wizard-finish"));
    expect(await screen.findByText("Exactly 3 token ids are needed; 2 entered.")).toBeTruthy();
    expect(calls).toEqual([]);
    expect(chain.state.sent).toEqual([]);
  });

  it("names the ids the wallet does not own, then fills from the wallet, approves, opens, registers and releases", async () => {
    const calls = serveApi(3);
    const router = renderRewardStep();
    await screen.findByTestId("wizard-reward");
    typeIds("141, 1, 9999");
    fireEvent.click(screen.getByTestId("wizard-finish"));
    expect(await screen.findByText("Your wallet does not own these token ids: 1, 9999")).toBeTruthy();
    expect(
      screen.getByText("Check you own the 3 NFTs").closest("[data-status]")?.getAttribute("data-status"),
    ).toBe("failed");
    expect(calls).toEqual(["POST /5/prepare"]);
    expect(chain.state.sent).toEqual([]);

    fireEvent.click(screen.getByTestId("nft-fill"));
    await waitFor(() => expect(tokenIdsField().value).toBe("141, 142, 143"));
    fireEvent.click(screen.getByTestId("wizard-finish"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/airdrop/5"));

    expect(chain.state.sent).toEqual([
      { call: "setApprovalForAll", args: [nftAddress, distributorAddress] },
      {
        call: "createCampaign",
        args: [distributorAddress, expect.objectContaining({ kind: 1, token: nftAddress })],
      },
      { call: "registerNft", args: [7n, [141n, 142n, 143n]] },
    ]);
    // Prepared once; each transaction reported as it is mined; released last.
    expect(calls).toEqual([
      "POST /5/prepare",
      "POST /5/transactions",
      "POST /5/transactions",
      "POST /5/release",
    ]);
  });

  it("registers many NFTs in batches of 50, skipping the approval when the distributor may move them already", async () => {
    const calls = serveApi(120);
    chain.state.approved = true;
    for (const tokenId of ids(1000, 120)) chain.state.owners.set(tokenId, creator);
    const router = renderRewardStep();
    await screen.findByTestId("wizard-reward");
    typeIds(ids(1000, 120).join("\n"));
    expect(screen.getByTestId("nft-count").textContent).toBe("120 of 120 entered");
    fireEvent.click(screen.getByTestId("wizard-finish"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/airdrop/5"));

    expect(chain.state.sent.map((sent) => sent.call)).toEqual([
      "createCampaign",
      "registerNft",
      "registerNft",
      "registerNft",
    ]);
    expect(chain.state.sent.slice(1).map((sent) => (sent.args[1] as bigint[]).length)).toEqual([50, 50, 20]);
    expect(chain.state.sent.slice(1).flatMap((sent) => sent.args[1] as bigint[])).toEqual(ids(1000, 120));
    expect(calls.filter((call) => call === "POST /5/transactions")).toHaveLength(4);
    expect(calls.at(-1)).toBe("POST /5/release");
  });

  it("says so when the collection cannot list a wallet's tokens, and leaves the ids to the creator", async () => {
    serveApi(3);
    chain.state.enumerable = false;
    renderRewardStep();
    await screen.findByTestId("wizard-reward");
    // The offer waits for the chain to be known.
    await waitFor(() => expect(screen.getByTestId("nft-fill").hasAttribute("disabled")).toBe(false));
    fireEvent.click(screen.getByTestId("nft-fill"));
    expect((await screen.findByTestId("nft-fill-note")).textContent).toBe(
      "This collection cannot list a wallet's tokens (it is not ERC721Enumerable): please enter the ids yourself.",
    );
    expect(tokenIdsField().value).toBe("");
  });
});
