import { queryOptions, useQuery } from "@tanstack/react-query";
import { missionSchemas, missionsQueryKey, missionsRequest } from "./request";

/** GET /campaigns/:id: one campaign's missions in order (a wheel game's, a partner's), with the caller's state. */
export function getCampaignMissions(campaignId: number, signal?: AbortSignal) {
  return missionsRequest(
    `/campaigns/${campaignId}`,
    () => missionSchemas().then((module) => module.campaignMissionsSchema),
    { ...(signal ? { signal } : {}) },
  );
}

/** Keyed by who is asking: the states differ per wallet. Disabled without a campaign. */
export function campaignMissionsQueryOptions(campaignId: number | null, viewer: string | undefined) {
  return queryOptions({
    queryKey: [...missionsQueryKey, "campaign", campaignId ?? 0, viewer ?? "anonymous"] as const,
    queryFn: ({ signal }) => getCampaignMissions(campaignId ?? 0, signal),
    enabled: campaignId !== null,
    staleTime: 15_000,
    retry: false,
  });
}

export function useCampaignMissions(campaignId: number | null, viewer: string | undefined) {
  return useQuery(campaignMissionsQueryOptions(campaignId, viewer));
}
