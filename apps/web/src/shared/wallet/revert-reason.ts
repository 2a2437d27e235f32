/**
 * The custom error a contract call reverted with ("ERC20InsufficientAllowance"), found in viem's error chain
 * when the ABI could decode it; undefined otherwise.
 */
export function revertReason(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current && typeof current === "object"; depth += 1) {
    const name = (current as { data?: { errorName?: unknown } }).data?.errorName;
    if (typeof name === "string" && name) return name;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
