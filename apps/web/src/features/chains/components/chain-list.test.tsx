import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { ChainRecord } from "../../../shared/api/get-platform-config";
import { createQueryClient } from "../../../shared/api/query-client";
import { i18n, initI18n } from "../../../shared/i18n/i18n";
import { ChainList } from "./chain-list";

const slow = { timeout: 10_000 };

function supportedChain(id: number, name: string, rpc: string): ChainRecord {
  const chainId = `0x${id.toString(16)}`;
  return {
    id,
    name,
    icon: "",
    walletChainId: chainId,
    testnet: false,
    info: {
      chainId,
      chainName: name,
      rpcUrls: [rpc],
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      blockExplorerUrls: [],
    },
  };
}

const supported = [
  supportedChain(31337, "Dropfair local chain", "http://127.0.0.1:3000/api/sandbox/rpc"),
  supportedChain(1, "Ethereum", "https://eth.example"),
];

function renderList(props: { walletChainId?: number } = {}) {
  const onAddToWallet = vi.fn(async (_chain: ChainRecord) => {});
  const onSwitch = vi.fn(async (_chain: ChainRecord) => {});
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <I18nextProvider i18n={i18n}>
          <ChainList
            supported={supported}
            walletChainId={props.walletChainId}
            onAddToWallet={onAddToWallet}
            onSwitch={onSwitch}
          />
        </I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { onAddToWallet, onSwitch };
}

beforeAll(async () => {
  await initI18n("en");
  await act(() => i18n.loadNamespaces(["chain", "validation"]));
});

describe("ChainList", { timeout: 30_000 }, () => {
  it("lists the platform's networks first, then the registry, 24 cards at a time", async () => {
    renderList();
    const count = await screen.findByTestId("chain-count", {}, slow);
    expect(count.textContent).toMatch(
      /^2,\d{3} of 2,\d{3} networks · 19 chain IDs are claimed by more than one network$/,
    );
    const cards = screen.getAllByTestId(/^chain-\d+$/);
    expect(cards).toHaveLength(24);
    expect(cards.slice(0, 2).map((card) => card.dataset.testid)).toEqual(["chain-31337", "chain-1"]);
    // The sandbox chain's id is GoChain Testnet's in the registry (and Hardhat's in viem): a warning, not hidden.
    expect(within(cards[0]!).getByTestId("chain-collision").textContent).toContain(
      "Chain ID 31337 is also claimed by GoChain Testnet",
    );
    fireEvent.click(screen.getByRole("button", { name: "Show 24 more" }));
    expect(screen.getAllByTestId(/^chain-\d+$/)).toHaveLength(48);
  });

  it("searches by name and id, and hands the wallet Arbitrum One's parameters", async () => {
    const { onAddToWallet, onSwitch } = renderList();
    await screen.findByTestId("chain-count", {}, slow);
    fireEvent.change(screen.getByTestId("chain-search"), { target: { value: "0xa4b1" } });
    const arbitrum = await screen.findByTestId("chain-42161", {}, slow);
    expect(screen.getAllByTestId(/^chain-\d+$/)).toHaveLength(1);
    fireEvent.click(within(arbitrum).getByRole("button", { name: "Add to wallet" }));
    await vi.waitFor(() => expect(onAddToWallet).toHaveBeenCalledTimes(1), slow);
    expect(onAddToWallet.mock.calls[0]![0]).toMatchObject({
      id: 42161,
      walletChainId: "0xa4b1",
      info: {
        chainId: "0xa4b1",
        chainName: "Arbitrum One",
        rpcUrls: ["https://arb1.arbitrum.io/rpc", "https://arbitrum-one.publicnode.com"],
      },
    });
    // Both buttons wait while the wallet answers.
    const switchButton = within(arbitrum).getByRole("button", { name: "Switch" }) as HTMLButtonElement;
    await vi.waitFor(() => expect(switchButton.disabled).toBe(false), slow);
    fireEvent.click(switchButton);
    await vi.waitFor(() => expect(onSwitch).toHaveBeenCalledTimes(1), slow);

    fireEvent.change(screen.getByTestId("chain-search"), { target: { value: "no such network" } });
    expect((await screen.findByTestId("chain-empty", {}, slow)).textContent).toBe(
      "No network matches “no such network”.",
    );
  });

  it("tells a wallet on a network the platform does not run on to switch, and marks the current chain", async () => {
    renderList({ walletChainId: 56 });
    expect((await screen.findByTestId("wallet-unsupported", {}, slow)).textContent).toBe(
      "Unsupported network, please switch.",
    );
    fireEvent.change(screen.getByTestId("chain-search"), { target: { value: "56" } });
    const bnb = await screen.findByTestId("chain-56", {}, slow);
    expect(within(bnb).getByText("Current")).toBeTruthy();
    expect((within(bnb).getByRole("button", { name: "Switch" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
