import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RegistryFile } from "../model/registry";

/** The public chain registry: a separate chunk (about 95 KB gzipped) fetched only when the chain list opens. */
export function getChainRegistry(): Promise<RegistryFile> {
  return import("../generated/chain-registry.json").then((module) => module.default as RegistryFile);
}

export function chainRegistryQueryOptions() {
  return queryOptions({
    queryKey: ["chains", "registry"],
    queryFn: getChainRegistry,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function useChainRegistry() {
  return useQuery(chainRegistryQueryOptions());
}
