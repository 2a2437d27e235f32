/** One network of the public EVM chain registry, as the chain list shows it. */
export type RegistryChain = {
  id: number;
  name: string;
  /** The registry's short name ("eth", "arb1"); empty when the source has none. */
  shortName: string;
  currency: { name: string; symbol: string; decimals: number };
  testnet: boolean;
  /** HTTPS JSON-RPC endpoints that need no API key, in the registry's order. */
  rpc: string[];
  /** Block explorer base URLs. */
  explorers: string[];
  /** The project's site, when the registry names one. */
  infoUrl?: string;
  /** The registry marks the network deprecated. */
  deprecated?: boolean;
  /** Other networks that claim the same chain id (names from the other sources). */
  collisions?: string[];
};

/** The registry file the build script writes: where the data came from and the chains. */
export type RegistryFile = {
  sources: { name: string; version: string; chains: number }[];
  chains: RegistryChain[];
};
