import { createPublicClient, defineChain, http, type PublicClient } from "viem";
import type { ChainRecord } from "../../../shared/api/get-platform-config";

const clients = new Map<number, PublicClient>();

/**
 * A read-only client on the chain's own public RPC (its first URL), as wallets use it: the scan runs in the browser
 * and no server sees which wallets are looked up. The sandbox chain's URL is the app's own RPC proxy.
 */
export function publicClientFor(chain: ChainRecord): PublicClient {
  const known = clients.get(chain.id);
  if (known) return known;
  const [rpcUrl] = chain.info.rpcUrls;
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
