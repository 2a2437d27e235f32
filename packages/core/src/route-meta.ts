export const defaultRouteNetwork = 56;

export interface RouteMeta {
  network?: string | number | null;
}

const chainIdPattern = /^(?:\d+|0x[0-9a-f]+)$/i;

/**
 * A route's meta network: a value selects that chain (decimal, or hex as wallets write it), an
 * empty string or null clears it, and absence means chain 56. Anything that is not a positive safe
 * integer chain id clears it too.
 */
export function resolveRouteNetwork(
  meta: RouteMeta | undefined,
  defaultNetwork: number = defaultRouteNetwork,
): number | undefined {
  const network = meta?.network;
  if (network === undefined) return defaultNetwork;
  if (network === null) return undefined;
  const text = String(network).trim();
  if (typeof network === "string" && !chainIdPattern.test(text)) return undefined;
  const chainId = Number(text);
  return Number.isSafeInteger(chainId) && chainId > 0 ? chainId : undefined;
}
