import type { TipsListFilter, TipsSortColumn } from "@dropfair/schemas/tips";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiDownload } from "../../../shared/api/client";
import { tipsQueryKey, tipsRequest, tipsSchemas } from "./request";

export type TipsListQuery = {
  filter: TipsListFilter;
  page: number;
  pageSize: number;
  /** Whose `mine`/`joined` list (and `myEarned`) it is: the signed-in wallet keys the cache. */
  viewer?: string | undefined;
};

export function getTipsCampaigns(query: TipsListQuery, signal?: AbortSignal) {
  return tipsRequest("/campaigns", () => tipsSchemas().then((module) => module.tipsCampaignListSchema), {
    query: { filter: query.filter, page: query.page, pageSize: query.pageSize },
    ...(signal ? { signal } : {}),
  });
}

export function useTipsCampaigns(query: TipsListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [
      ...tipsQueryKey,
      "campaigns",
      query.filter,
      query.viewer ?? "anonymous",
      query.page,
      query.pageSize,
    ] as const,
    queryFn: ({ signal }) => getTipsCampaigns(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    enabled: options.enabled ?? true,
  });
}

/** The cache key of everything about one campaign (detail, leaderboard, bans, reports). */
export function tipsCampaignKey(id: number) {
  return [...tipsQueryKey, "campaign", id] as const;
}

export function tipsCampaignQueryOptions(id: number, viewer: string | undefined) {
  return queryOptions({
    queryKey: [...tipsCampaignKey(id), "detail", viewer ?? "anonymous"] as const,
    queryFn: ({ signal }) =>
      tipsRequest(`/campaigns/${id}`, () => tipsSchemas().then((module) => module.tipsCampaignDetailSchema), {
        signal,
      }),
    staleTime: 5_000,
    retry: false,
  });
}

export function useTipsCampaign(id: number, viewer: string | undefined) {
  return useQuery({ ...tipsCampaignQueryOptions(id, viewer), enabled: id > 0 });
}

export type LeaderboardQuery = {
  page: number;
  pageSize: number;
  sort: TipsSortColumn;
  order: "asc" | "desc";
  viewer?: string | undefined;
};

export function getTipsLeaderboard(id: number, query: LeaderboardQuery, signal?: AbortSignal) {
  return tipsRequest(
    `/campaigns/${id}/leaderboard`,
    () => tipsSchemas().then((module) => module.tipsLeaderboardSchema),
    {
      query: { page: query.page, pageSize: query.pageSize, sort: query.sort, order: query.order },
      ...(signal ? { signal } : {}),
    },
  );
}

export function useTipsLeaderboard(id: number, query: LeaderboardQuery) {
  return useQuery({
    queryKey: [
      ...tipsCampaignKey(id),
      "leaderboard",
      query.viewer ?? "anonymous",
      query.sort,
      query.order,
      query.page,
      query.pageSize,
    ] as const,
    queryFn: ({ signal }) => getTipsLeaderboard(id, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function getTipsBans(
  id: number,
  query: { order: "latest" | "oldest"; page: number; pageSize: number },
  signal?: AbortSignal,
) {
  return tipsRequest(
    `/campaigns/${id}/bans`,
    () => tipsSchemas().then((module) => module.tipsBanListSchema),
    {
      query,
      ...(signal ? { signal } : {}),
    },
  );
}

export function useTipsBans(id: number, order: "latest" | "oldest", page: number, pageSize: number) {
  return useQuery({
    enabled: id > 0,
    queryKey: [...tipsCampaignKey(id), "bans", order, page, pageSize] as const,
    queryFn: ({ signal }) => getTipsBans(id, { order, page, pageSize }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTipsReports(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...tipsCampaignKey(id), "reports"] as const,
    queryFn: ({ signal }) =>
      tipsRequest(
        `/campaigns/${id}/reports`,
        () => tipsSchemas().then((module) => module.tipsReportListSchema),
        {
          signal,
        },
      ),
    enabled,
  });
}

/** The campaign's helpers (organizers read them; the creator's card asks). A refusal stays in the card. */
export function useTipsHelpers(id: number, enabled: boolean) {
  return useQuery({
    throwOnError: false,
    queryKey: [...tipsCampaignKey(id), "helpers"] as const,
    queryFn: ({ signal }) =>
      tipsRequest(
        `/campaigns/${id}/helpers`,
        () => tipsSchemas().then((module) => module.tipsHelperListSchema),
        {
          signal,
        },
      ),
    enabled,
  });
}

/** The snapshot file the leaderboard was computed from, with the name the server gives it. */
export function downloadTipsSnapshot(id: number, signal?: AbortSignal) {
  return apiDownload(`/tips/campaigns/${id}/snapshot`, {
    fallbackName: `tips-${id}-snapshot.json`,
    ...(signal ? { signal } : {}),
  });
}
