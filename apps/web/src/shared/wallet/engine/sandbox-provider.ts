import { type Chain, createWalletClient, type Hex, http, isHex, numberToHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { localStore } from "../../lib/storage";
import type { Eip1193Provider } from "../eip1193";

const keyStorageKey = "dropfair.sandbox-wallet.key";
const connectedStorageKey = "dropfair.sandbox-wallet.connected";

class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The sandbox RPC is served by the API itself. When the config names it on another loopback alias than the page
 * (localhost vs 127.0.0.1), use the page's origin so the same-origin CSP still allows the call.
 */
export function sandboxRpcUrl(
  configured: string,
  page: { protocol: string; host: string; hostname: string; port: string },
) {
  try {
    const url = new URL(configured);
    if (loopbackHosts.has(url.hostname) && loopbackHosts.has(page.hostname) && url.port === page.port) {
      return `${page.protocol}//${page.host}${url.pathname}${url.search}`;
    }
  } catch {
    // not an absolute URL: use it as given
  }
  return configured;
}

function loadOrCreateKey(): Hex {
  const stored = localStore.get(keyStorageKey);
  if (stored && /^0x[0-9a-fA-F]{64}$/.test(stored)) return stored as Hex;
  const key = generatePrivateKey();
  localStore.set(keyStorageKey, key);
  return key;
}

/**
 * The sandbox wallet: a local key kept in this browser, signing locally, reading and sending through the
 * sandbox chain's RPC (the same-origin proxy of docs/architecture.md). It speaks EIP-1193 so the ordinary
 * injected connector drives it.
 */
export function createSandboxProvider(chain: Chain): Eip1193Provider {
  const account = privateKeyToAccount(loadOrCreateKey());
  const rpcUrl = sandboxRpcUrl(chain.rpcUrls.default.http[0] ?? "", window.location);
  const walletClient = createWalletClient({ account, chain, transport: http(rpcUrl) });
  const listeners = new Map<string, Set<(...args: never[]) => void>>();
  let requestId = 0;

  const isConnected = () => localStore.get(connectedStorageKey) === "1";
  const setConnected = (connected: boolean) => {
    if (connected) localStore.set(connectedStorageKey, "1");
    else localStore.remove(connectedStorageKey);
  };
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) (listener as (...values: unknown[]) => void)(...args);
  };

  async function forward(method: string, params: unknown) {
    requestId += 1;
    const response = await fetch(rpcUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: requestId, method, params: params ?? [] }),
    });
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
    if (body.error) throw new ProviderRpcError(body.error.code, body.error.message);
    return body.result;
  }

  const permissions = () => [
    {
      parentCapability: "eth_accounts",
      caveats: [{ type: "restrictReturnedAccounts", value: [account.address] }],
    },
  ];

  return {
    isSandboxWallet: true,
    async request({ method, params }) {
      const list = (Array.isArray(params) ? params : []) as unknown[];
      switch (method) {
        case "eth_requestAccounts":
          setConnected(true);
          return [account.address];
        case "eth_accounts":
          return isConnected() ? [account.address] : [];
        case "eth_chainId":
          return numberToHex(chain.id);
        case "net_version":
          return String(chain.id);
        case "wallet_requestPermissions":
          setConnected(true);
          return permissions();
        case "wallet_getPermissions":
          return isConnected() ? permissions() : [];
        case "wallet_revokePermissions":
          setConnected(false);
          emit("accountsChanged", []);
          return null;
        case "personal_sign": {
          const data = list[0];
          if (typeof data !== "string") throw new ProviderRpcError(-32602, "Invalid params");
          return account.signMessage({ message: isHex(data) ? { raw: data } : data });
        }
        case "eth_signTypedData_v4": {
          const typed = typeof list[1] === "string" ? JSON.parse(list[1]) : list[1];
          return account.signTypedData(typed);
        }
        case "wallet_switchEthereumChain": {
          const target = (list[0] as { chainId?: string } | undefined)?.chainId;
          if (target && Number(target) === chain.id) return null;
          throw new ProviderRpcError(4902, "The sandbox wallet only knows the sandbox chain.");
        }
        case "wallet_addEthereumChain":
          throw new ProviderRpcError(4200, "The sandbox wallet only knows the sandbox chain.");
        case "eth_sendTransaction": {
          const request = list[0] as { to?: Hex; data?: Hex; value?: Hex; gas?: Hex };
          return walletClient.sendTransaction({
            to: request.to ?? null,
            ...(request.data ? { data: request.data } : {}),
            ...(request.value ? { value: BigInt(request.value) } : {}),
            ...(request.gas ? { gas: BigInt(request.gas) } : {}),
          });
        }
        default:
          return forward(method, params);
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
  };
}
