import type { PlatformConfig } from "@dropfair/schemas/platform";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "./client";

export type { PlatformConfig };
export type ChainRecord = PlatformConfig["chains"][number];

export function getPlatformConfig({ signal }: { signal?: AbortSignal } = {}): Promise<PlatformConfig> {
  return apiRequest(
    "/platform/config",
    () => import("@dropfair/schemas/platform").then((module) => module.platformConfigSchema),
    { base: "bounty", anonymous: true, ...(signal ? { signal } : {}) },
  );
}

export function platformConfigQueryOptions() {
  return queryOptions({
    queryKey: ["platform", "config"],
    queryFn: ({ signal }) => getPlatformConfig({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function usePlatformConfig() {
  return useQuery(platformConfigQueryOptions());
}

/**
 * What the platform calls its points (`pointName`, "EP" by default), how many make a level and a referral's
 * reward: every user-facing mention of points takes the name from here. Undefined until the config is loaded.
 */
export function usePointsSettings(): PlatformConfig["points"] | undefined {
  return usePlatformConfig().data?.points;
}
