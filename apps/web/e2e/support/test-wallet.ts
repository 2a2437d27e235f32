import type { Page } from "@playwright/test";
import { createWalletClient, defineChain, type Hex, http, isHex } from "viem";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";

export type TestWallet = {
  address: `0x${string}`;
  /** A second account of the same wallet, for account-change tests. */
  otherAddress: `0x${string}`;
  /** Switches the wallet's selected account and emits accountsChanged, as MetaMask does. */
  switchAccount: (page: Page, address: string) => Promise<void>;
  /** Every EIP-1193 request the page made, in order. */
  calls: (page: Page) => Promise<{ method: string; params: unknown }[]>;
  chainId: (page: Page) => Promise<number>;
};

type ProviderOptions = {
  address: string;
  chainId: number;
  knownChains: number[];
  rejectSign: boolean;
  rpcUrl: string | null;
};

/** An eth_sendTransaction request as wallets receive it: quantities in hex. */
type TransactionRequest = { from?: string; to?: Hex; data?: Hex; value?: Hex; gas?: Hex };

type Signers = Map<string, PrivateKeyAccount>;

/**
 * Injects an EIP-1193 provider backed by a key held in the test process: it answers accounts, chain and
 * switching itself, signs through an exposed binding, and announces itself over EIP-6963 as MetaMask — so the
 * app's real wagmi injected connector is exercised.
 *
 * With `rpcUrl` (a JSON-RPC endpoint of the local chain, id 31337) it also works on chain: other reads go to
 * that endpoint, and eth_sendTransaction is signed with the key in the test process and sent there raw.
 */
export async function installTestWallet(
  page: Page,
  options: {
    chainId?: number;
    knownChains?: number[];
    rejectSign?: boolean;
    privateKey?: Hex;
    rpcUrl?: string;
  } = {},
): Promise<TestWallet> {
  const account = privateKeyToAccount(options.privateKey ?? generatePrivateKey());
  const other = privateKeyToAccount(generatePrivateKey());
  const accounts: Signers = new Map(
    [account, other].map((candidate) => [candidate.address.toLowerCase(), candidate]),
  );
  await exposeSigning(page, accounts);
  const { rpcUrl } = options;
  if (rpcUrl) await exposeSending(page, accounts, account, rpcUrl);

  const providerOptions: ProviderOptions = {
    address: account.address,
    chainId: options.chainId ?? 56,
    knownChains: options.knownChains ?? [1, 56],
    rejectSign: options.rejectSign ?? false,
    rpcUrl: rpcUrl ?? null,
  };

  await page.addInitScript(injectedProvider, providerOptions);

  return walletHandle(account, other);
}

/** Signs personal_sign messages in the test process with the key of the address the page asks for. */
async function exposeSigning(page: Page, accounts: Signers) {
  await page.exposeFunction("__dropfairTestSign", async (message: string, address: string) => {
    const signer = accounts.get(address.toLowerCase());
    if (!signer) throw new Error(`the test wallet has no key for ${address}`);
    return signer.signMessage({ message: isHex(message) ? { raw: message } : message });
  });
}

/** Signs eth_sendTransaction requests in the test process and sends them raw to the local chain at `rpcUrl`. */
async function exposeSending(page: Page, accounts: Signers, account: PrivateKeyAccount, rpcUrl: string) {
  const chain = defineChain({
    id: 31337,
    name: "Dropfair local chain",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  await page.exposeFunction("__dropfairTestSend", async (request: TransactionRequest) => {
    const signer = accounts.get(String(request.from ?? account.address).toLowerCase());
    if (!signer) throw new Error(`the test wallet has no key for ${request.from}`);
    const client = createWalletClient({ account: signer, chain, transport: http(rpcUrl), cacheTime: 0 });
    return client.sendTransaction({
      ...(request.to ? { to: request.to } : {}),
      ...(request.data ? { data: request.data } : {}),
      ...(request.value ? { value: BigInt(request.value) } : {}),
      ...(request.gas ? { gas: BigInt(request.gas) } : {}),
    });
  });
}

/**
 * The EIP-1193 provider, run in the page before its own scripts (Playwright sends this function's source, so it
 * must not use anything from outside itself): it answers accounts, chain and switching itself, keeps its state in
 * sessionStorage across reloads, signs and sends through the exposed bindings, forwards other reads to the local
 * chain, and announces itself over EIP-6963 as MetaMask.
 */
function injectedProvider(config: ProviderOptions) {
  type Listener = (...args: unknown[]) => void;
  const listeners = new Map<string, Set<Listener>>();
  const known = new Set(config.knownChains);
  const storageKey = "__testWalletState";
  type WalletState = { connected: boolean; chainId: number; address: string };
  const saved = JSON.parse(sessionStorage.getItem(storageKey) ?? "null") as WalletState | null;
  const state: WalletState = saved ?? {
    connected: false,
    chainId: config.chainId,
    address: config.address,
  };
  const persist = () => sessionStorage.setItem(storageKey, JSON.stringify(state));
  const calls: { method: string; params: unknown }[] = [];
  const hex = (value: number) => `0x${value.toString(16)}`;
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args);
  };
  const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });
  const permissions = () => [
    {
      parentCapability: "eth_accounts",
      caveats: [{ type: "restrictReturnedAccounts", value: [config.address] }],
    },
  ];
  const testWindow = window as unknown as {
    __dropfairTestSign: (message: string, address: string) => Promise<string>;
    __dropfairTestSend: (request: unknown) => Promise<string>;
    __testWalletSwitch: (address: string) => void;
    __testWalletCalls: typeof calls;
    __testWalletChainId: () => number;
    ethereum: unknown;
  };

  const provider = {
    isMetaMask: true,
    async request({ method, params }: { method: string; params?: unknown }) {
      calls.push({ method, params });
      const list = (Array.isArray(params) ? params : []) as Record<string, string>[];
      switch (method) {
        case "eth_requestAccounts":
          state.connected = true;
          persist();
          return [state.address];
        case "eth_accounts":
          return state.connected ? [state.address] : [];
        case "eth_chainId":
          return hex(state.chainId);
        case "net_version":
          return String(state.chainId);
        case "wallet_requestPermissions":
          state.connected = true;
          persist();
          return permissions();
        case "wallet_getPermissions":
          return state.connected ? permissions() : [];
        case "wallet_revokePermissions":
          state.connected = false;
          persist();
          return null;
        case "personal_sign":
          if (config.rejectSign) throw rpcError(4001, "User rejected the request.");
          return testWindow.__dropfairTestSign(String(list[0]), String(list[1] ?? state.address));
        case "wallet_switchEthereumChain": {
          const target = Number.parseInt(String(list[0]?.chainId), 16);
          if (!known.has(target)) throw rpcError(4902, `Unrecognized chain ID ${hex(target)}.`);
          state.chainId = target;
          persist();
          emit("chainChanged", hex(target));
          return null;
        }
        case "wallet_addEthereumChain": {
          const target = Number.parseInt(String(list[0]?.chainId), 16);
          known.add(target);
          return null;
        }
        case "eth_sendTransaction":
          if (!config.rpcUrl) throw rpcError(4200, "The test wallet is not on a chain.");
          return testWindow.__dropfairTestSend(list[0]);
        default: {
          if (!config.rpcUrl || state.chainId !== 31337) {
            throw rpcError(4200, `The test wallet does not support ${method}.`);
          }
          const response = await fetch(config.rpcUrl, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ jsonrpc: "2.0", id: calls.length, method, params: params ?? [] }),
          });
          const body = (await response.json()) as {
            result?: unknown;
            error?: { code: number; message: string; data?: unknown };
          };
          if (body.error)
            throw Object.assign(rpcError(body.error.code, body.error.message), { data: body.error.data });
          return body.result;
        }
      }
    },
    on(event: string, listener: Listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(event, set);
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
    },
  };

  testWindow.ethereum = provider;
  testWindow.__testWalletCalls = calls;
  testWindow.__testWalletChainId = () => state.chainId;
  testWindow.__testWalletSwitch = (address: string) => {
    state.address = address;
    persist();
    emit("accountsChanged", [address]);
  };
  const info = Object.freeze({
    uuid: crypto.randomUUID(),
    name: "MetaMask",
    icon: "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>",
    rdns: "io.metamask",
  });
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }),
    );
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
}

/** The test's handle on the wallet: its addresses, and the page-side state it reads and switches. */
function walletHandle(account: PrivateKeyAccount, other: PrivateKeyAccount): TestWallet {
  return {
    address: account.address,
    otherAddress: other.address,
    switchAccount: (target, address) =>
      target.evaluate(
        (next) =>
          (window as unknown as { __testWalletSwitch: (address: string) => void }).__testWalletSwitch(next),
        address,
      ),
    calls: (target) =>
      target.evaluate(
        () =>
          (window as unknown as { __testWalletCalls: { method: string; params: unknown }[] })
            .__testWalletCalls,
      ),
    chainId: (target) =>
      target.evaluate(() =>
        (window as unknown as { __testWalletChainId: () => number }).__testWalletChainId(),
      ),
  };
}
