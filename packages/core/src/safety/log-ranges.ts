// Block ranges for chunked eth_getLogs: fixed-size chunks, halved when a provider refuses a range as too large.

/** An inclusive block range. */
export interface BlockRange {
  fromBlock: bigint;
  toBlock: bigint;
}

/** The inclusive range cut into consecutive chunks of at most `chunkSize` blocks, oldest first. */
export function splitBlockRange(range: BlockRange, chunkSize: bigint): BlockRange[] {
  if (chunkSize <= 0n) throw new RangeError(`chunkSize must be positive, not ${chunkSize}`);
  if (range.toBlock < range.fromBlock) return [];
  const chunks: BlockRange[] = [];
  for (let fromBlock = range.fromBlock; fromBlock <= range.toBlock; fromBlock += chunkSize) {
    const end = fromBlock + chunkSize - 1n;
    chunks.push({ fromBlock, toBlock: end < range.toBlock ? end : range.toBlock });
  }
  return chunks;
}

/** The two halves of a range of two or more blocks; a single block cannot be split (undefined). */
export function halveBlockRange(range: BlockRange): [BlockRange, BlockRange] | undefined {
  if (range.toBlock <= range.fromBlock) return undefined;
  const middle = range.fromBlock + (range.toBlock - range.fromBlock) / 2n;
  return [
    { fromBlock: range.fromBlock, toBlock: middle },
    { fromBlock: middle + 1n, toBlock: range.toBlock },
  ];
}

/**
 * What providers answer when an eth_getLogs range or result is too large (Infura, Alchemy, QuickNode, public
 * nodes…): splitting the range and asking again is the cure, so these are not failures of the RPC.
 */
const rangeLimitPatterns = [
  /query returned more than \d+ results/i,
  /log response size exceeded/i,
  /query timeout exceeded/i,
  /block range is too (large|wide)/i,
  /exceeds? the (maximum|max) block range/i,
  /eth_getLogs is limited to/i,
  /query must be smaller than/i,
  /range (is )?too large/i,
  /limit exceeded/i,
  /response size should not greater than/i,
];

/** Whether a JSON-RPC error message (or code -32005, "limit exceeded") asks for a smaller eth_getLogs range. */
export function isLogRangeLimitError(message: string, code?: number): boolean {
  if (code === -32005) return true;
  return rangeLimitPatterns.some((pattern) => pattern.test(message));
}
