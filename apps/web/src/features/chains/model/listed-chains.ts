import type { ListedChain } from "./chain-search";
import type { RegistryChain } from "./registry";
import { sameNetworkName } from "./registry-build";

/** A network the platform supports, as its configuration describes it (the EIP-3085 parameters it offers). */
export type SupportedChain = {
  id: number;
  name: string;
  testnet: boolean;
  info: {
    rpcUrls: readonly string[];
    nativeCurrency: { name: string; symbol: string; decimals: number };
    blockExplorerUrls: readonly string[];
  };
};

function fromSupported(chain: SupportedChain, known: RegistryChain | undefined): ListedChain {
  // The registry may name the id after another network (the sandbox chain's 31337 is "GoChain Testnet").
  const registryName = known && !sameNetworkName(chain.name, known.name) ? [known.name] : [];
  const collisions = [...registryName, ...(known?.collisions ?? [])].filter(
    (name) => !sameNetworkName(chain.name, name),
  );
  return {
    id: chain.id,
    name: chain.name,
    shortName: known && registryName.length === 0 ? known.shortName : "",
    currency: chain.info.nativeCurrency,
    testnet: chain.testnet,
    // Our own endpoints first: they are what the wallet is given.
    rpc: [...new Set([...chain.info.rpcUrls, ...(registryName.length === 0 ? (known?.rpc ?? []) : [])])],
    explorers: [...chain.info.blockExplorerUrls],
    ...(known?.infoUrl && registryName.length === 0 ? { infoUrl: known.infoUrl } : {}),
    ...(collisions.length > 0 ? { collisions } : {}),
    supported: true,
  };
}

/**
 * The chain list: the platform's networks first (in the platform's order, with its own parameters), then every
 * other registry chain by id. A supported id the registry gives to another network keeps that network as a
 * collision.
 */
export function listChains(
  registry: readonly RegistryChain[],
  supported: readonly SupportedChain[],
): ListedChain[] {
  const byId = new Map(registry.map((chain) => [chain.id, chain]));
  const supportedIds = new Set(supported.map((chain) => chain.id));
  return [
    ...supported.map((chain) => fromSupported(chain, byId.get(chain.id))),
    ...registry
      .filter((chain) => !supportedIds.has(chain.id))
      .map((chain) => ({ ...chain, supported: false })),
  ];
}

/** Chain ids more than one listed chain claims, for a list-wide note (the per-chain warning lists names). */
export function collisionCount(chains: readonly ListedChain[]): number {
  return chains.filter((chain) => chain.collisions && chain.collisions.length > 0).length;
}
