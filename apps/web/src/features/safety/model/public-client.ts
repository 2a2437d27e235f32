import { createPublicClient, defineChain, http, type PublicClient } from "viem";
import type { ChainRecord } from "../../../shared/api/get-platform-config";

const clients = new Map<number, PublicClient>();
const sandboxRpcPath = "/api/sandbox/rpc";

/**
 * The sandbox's RPC proxy is served by this app: it is reached on the page's own origin, which may be another name
 * for the host the server lists first (127.0.0.1 against localhost), and the content policy allows only 'self'
 * over plain http.
 */
function reachableRpcUrl(rpcUrl: string | undefined): string | undefined {
  if (!rpcUrl || typeof window === "undefined") return rpcUrl;
  try {
    return new URL(rpcUrl).pathname === sandboxRpcPath
      ? new URL(sandboxRpcPath, window.location.origin).href
      : rpcUrl;
  } catch {
    return rpcUrl;
  }
}

/**
 * A read-only client on the chain's own public RPC (its first URL), as wallets use it: the scan runs in the browser
 * and no server sees which wallets are looked up. The sandbox chain's URL is the app's own RPC proxy.
 */
export function publicClientFor(chain: ChainRecord): PublicClient {
  const known = clients.get(chain.id);
  if (known) return known;
  const rpcUrl = reachableRpcUrl(chain.info.rpcUrls[0]);
  const client = createPublicClient({
    chain: defineChain({
      id: chain.id,
      name: chain.info.chainName,
      nativeCurrency: chain.info.nativeCurrency,
      rpcUrls: { default: { http: [...chain.info.rpcUrls] } },
    }),
    transport: http(rpcUrl, { retryCount: 2, timeout: 20_000 }),
    cacheTime: 0,
  }) as PublicClient;
  clients.set(chain.id, client);
  return client;
}
