import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client";

const wire = () => import("./wire-schemas");

/** GET /api/reg/socialmedia/LoginStatusDetail/twitter: the bound X account's name and avatar, or null. */
export function getTwitterInfo({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(
    "/socialmedia/LoginStatusDetail/twitter",
    () => wire().then((schemas) => schemas.twitterBriefSchema),
    { base: "reg", ...(signal ? { signal } : {}) },
  );
}

export function twitterInfoQueryOptions(token: string | undefined) {
  return queryOptions({
    queryKey: ["auth", "twitter-info", token ?? "anonymous"],
    queryFn: ({ signal }) => getTwitterInfo({ signal }),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

export function useTwitterInfo(token: string | undefined) {
  return useQuery(twitterInfoQueryOptions(token));
}
