import type { Chain } from "viem";
import { type Config, type CreateConnectorFn, createConfig, createStorage, http, injected } from "wagmi";
import {
  getConnection,
  getConnectorClient,
  connect as wagmiConnect,
  disconnect as wagmiDisconnect,
  reconnect as wagmiReconnect,
  signMessage as wagmiSignMessage,
  watchConnection,
} from "wagmi/actions";
import type { ChainRecord } from "../../api/get-platform-config";
import { findAnyInjectedProvider, findWalletProvider } from "../discovery";
import { type Eip1193Provider, rpcErrorCode } from "../eip1193";
import type { WalletEngineOptions } from "../engine-loader";
import { NoWalletError } from "../errors";
import { walletConnectionStore } from "../wallet-state";
import { type DialogWallet, dialogWallets, type WalletId } from "../wallets";
import { createSandboxProvider } from "./sandbox-provider";

/** The sandbox chain (the local Hardhat chain, see docs/architecture.md) is always id 31337. */
const sandboxChainId = 31337;

const walletNames: Record<DialogWallet, string> = {
  metamask: "MetaMask",
  okx: "OKX Wallet",
  tokenpocket: "TokenPocket",
  trust: "Trust Wallet",
};

function toChain(record: ChainRecord): Chain {
  const explorer = record.info.blockExplorerUrls[0];
  return {
    id: record.id,
    name: record.name,
    nativeCurrency: record.info.nativeCurrency,
    rpcUrls: { default: { http: record.info.rpcUrls } },
    ...(explorer ? { blockExplorers: { default: { name: record.name, url: explorer } } } : {}),
    testnet: record.testnet,
  };
}

/** EIP-3326 wants a hex chain id; the registry may carry it either way. */
export function walletChainIdHex(record: ChainRecord): string {
  const raw = record.walletChainId || record.info.chainId || String(record.id);
  return raw.startsWith("0x") ? raw.toLowerCase() : `0x${Number(raw).toString(16)}`;
}

/** The wagmi config: the registry's chains (BNB Chain when there are none), one connector per wallet we offer. */
function createWagmiConfig({ chains: records, sandbox }: WalletEngineOptions) {
  const chains = records.map(toChain);
  const fallbackChain: Chain = {
    id: 56,
    name: "BNB Chain",
    nativeCurrency: { name: "BNB", symbol: "BNB", decimals: 18 },
    rpcUrls: { default: { http: ["https://bsc-dataseed.bnbchain.org"] } },
  };
  const configuredChains = (chains.length > 0 ? chains : [fallbackChain]) as [Chain, ...Chain[]];
  const sandboxChain = sandbox ? configuredChains.find((chain) => chain.id === sandboxChainId) : undefined;

  const connectors: CreateConnectorFn[] = dialogWallets.map((wallet) =>
    injected({
      target: {
        id: wallet,
        name: walletNames[wallet],
        provider: (win) => findWalletProvider(wallet, win as Window | undefined) as never,
      },
    }),
  );
  connectors.push(
    injected({
      target: {
        id: "injected",
        name: "Browser wallet",
        provider: (win) => findAnyInjectedProvider(win as Window | undefined) as never,
      },
    }),
  );
  if (sandboxChain) {
    const provider = createSandboxProvider(sandboxChain);
    connectors.push(
      injected({ target: { id: "sandbox", name: "Sandbox wallet", provider: () => provider as never } }),
    );
  }

  const config: Config = createConfig({
    chains: configuredChains,
    connectors,
    transports: Object.fromEntries(configuredChains.map((chain) => [chain.id, http()])),
    // We run EIP-6963 discovery ourselves (shared/wallet/discovery) and map wallets to fixed connector ids.
    multiInjectedProviderDiscovery: false,
    storage: createStorage({ storage: globalThis.localStorage, key: "dropfair.wagmi" }),
  });

  return { config, sandboxChain };
}

export function createWalletEngine(options: WalletEngineOptions) {
  const { config, sandboxChain } = createWagmiConfig(options);

  const publish = () => {
    const connection = getConnection(config);
    walletConnectionStore.set({
      status: connection.status,
      address: connection.address,
      chainId: connection.chainId,
      walletId: connection.connector?.id as WalletId | undefined,
    });
  };
  watchConnection(config, { onChange: publish });
  publish();

  function connectorFor(wallet: WalletId) {
    const connector = config.connectors.find((candidate) => candidate.id === wallet);
    if (!connector) throw new NoWalletError(wallet);
    return connector;
  }

  async function currentProvider(): Promise<Eip1193Provider | undefined> {
    const { connector } = getConnection(config);
    if (connector) return (await connector.getProvider()) as Eip1193Provider | undefined;
    return findAnyInjectedProvider();
  }

  async function addChain(record: ChainRecord, provider?: Eip1193Provider) {
    const target = provider ?? (await currentProvider());
    if (!target) throw new NoWalletError("injected");
    await target.request({
      method: "wallet_addEthereumChain",
      params: [{ ...record.info, chainId: walletChainIdHex(record) }],
    });
  }

  return {
    isAvailable(wallet: WalletId): boolean {
      if (wallet === "sandbox") return Boolean(sandboxChain);
      if (wallet === "injected") return Boolean(findAnyInjectedProvider());
      return Boolean(findWalletProvider(wallet));
    },

    /** Connects the chosen wallet (switching away from another connected one) and returns its account. */
    async connect(wallet: WalletId): Promise<{ address: string; chainId: number }> {
      const current = getConnection(config);
      if (current.status === "connected" && current.connector.id === wallet) {
        return { address: current.address, chainId: current.chainId };
      }
      if (current.connector) await wagmiDisconnect(config, { connector: current.connector }).catch(() => {});
      const connector = connectorFor(wallet);
      if (!(await connector.getProvider())) throw new NoWalletError(wallet);
      const result = await wagmiConnect(config, { connector });
      const address = result.accounts[0];
      if (!address) throw new NoWalletError(wallet);
      return { address, chainId: result.chainId };
    },

    /** Restores a previous connection silently; resolves with the account if one came back. */
    async reconnect(): Promise<{ address: string; chainId: number } | undefined> {
      await wagmiReconnect(config).catch(() => []);
      const connection = getConnection(config);
      return connection.status === "connected"
        ? { address: connection.address, chainId: connection.chainId }
        : undefined;
    },

    async disconnect() {
      const { connector } = getConnection(config);
      if (connector) await wagmiDisconnect(config, { connector }).catch(() => {});
    },

    /** personal_sign (EIP-191) with the connected wallet. */
    async signMessage(address: string, message: string): Promise<string> {
      const { connector } = getConnection(config);
      return wagmiSignMessage(config, {
        message,
        account: address as `0x${string}`,
        ...(connector ? { connector } : {}),
      });
    },

    /** EIP-3326 switch; when the wallet does not know the chain (4902), add it with the registry's EIP-3085 info. */
    async switchChain(record: ChainRecord) {
      const provider = await currentProvider();
      if (!provider) throw new NoWalletError("injected");
      const chainId = walletChainIdHex(record);
      try {
        await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId }] });
      } catch (error) {
        if (rpcErrorCode(error) !== 4902) throw error;
        await addChain(record, provider);
        const now = await provider.request({ method: "eth_chainId" });
        if (typeof now === "string" && now.toLowerCase() !== chainId) {
          await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId }] });
        }
      }
    },

    addChain,

    /**
     * A viem client on the connected wallet for `chainId`: reads, `writeContract` and `sendTransaction` all go
     * through the wallet's own provider. Throws wagmi's ConnectorChainMismatchError when the wallet is on
     * another chain (switch first with `switchChain`) and ConnectorNotConnectedError without a connection.
     */
    walletClient(chainId: number) {
      return getConnectorClient(config, { chainId });
    },
  };
}

export type WalletEngine = ReturnType<typeof createWalletEngine>;
