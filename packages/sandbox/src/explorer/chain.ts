// What the explorer sandbox reads from a chain, over plain JSON-RPC: a contract's runtime code, and the balances an
// ERC-20's Transfer logs add up to (its holder list, as an explorer indexes it).

/** keccak256("Transfer(address,address,uint256)"). */
const transferTopic = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

export class ChainReadError extends Error {
  override readonly name = "ChainReadError";
}

export type JsonRpc = (method: string, params: unknown[]) => Promise<unknown>;

export function jsonRpc(rpcUrl: string, fetchImpl: typeof fetch = fetch): JsonRpc {
  let id = 0;
  return async (method, params) => {
    const response = await fetchImpl(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new ChainReadError(`${method}: HTTP ${response.status}`);
    const body = (await response.json()) as { result?: unknown; error?: { message?: string } };
    if (body.error) throw new ChainReadError(`${method}: ${body.error.message ?? "error"}`);
    return body.result;
  };
}

export async function runtimeCode(rpc: JsonRpc, address: string): Promise<string> {
  const code = await rpc("eth_getCode", [address, "latest"]);
  return typeof code === "string" ? code.toLowerCase() : "0x";
}

/**
 * The CBOR metadata solc appends to runtime code (its last two bytes are its length): it holds the hash of the
 * contract's metadata, so it names the source the code was compiled from, whatever immutables were set.
 */
export function metadataTail(code: string): string | undefined {
  const hex = code.startsWith("0x") ? code.slice(2) : code;
  if (hex.length < 4) return undefined;
  const length = Number.parseInt(hex.slice(-4), 16);
  const start = hex.length - 4 - length * 2;
  if (length < 32 || start < 0) return undefined;
  const tail = hex.slice(start);
  // Solidity's metadata map starts with its "ipfs" or "bzzr" key.
  return /^a[1-9]64(69706673|627a7a72)/.test(tail) ? tail : undefined;
}

/** Every holder's balance from the token's Transfer logs (mint from and burn to the zero address ignored). */
export async function holderBalances(rpc: JsonRpc, token: string): Promise<Map<string, bigint>> {
  const logs = (await rpc("eth_getLogs", [
    { address: token, topics: [transferTopic], fromBlock: "0x0", toBlock: "latest" },
  ])) as { topics: string[]; data: string }[];
  const balances = new Map<string, bigint>();
  const zero = `0x${"0".repeat(40)}`;
  for (const log of logs) {
    // ERC-721 Transfer has the id as a third indexed topic; only ERC-20 logs carry the amount in data.
    if (log.topics.length !== 3 || log.data.length < 66) continue;
    const from = `0x${log.topics[1]!.slice(-40)}`;
    const to = `0x${log.topics[2]!.slice(-40)}`;
    const amount = BigInt(log.data.slice(0, 66));
    if (from !== zero) balances.set(from, (balances.get(from) ?? 0n) - amount);
    if (to !== zero) balances.set(to, (balances.get(to) ?? 0n) + amount);
  }
  for (const [holder, balance] of balances) if (balance <= 0n) balances.delete(holder);
  return balances;
}
