import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client";

const wire = () => import("./wire-schemas");

/**
 * GET /api/reg/socialmedia/LoginStatusDetail/twitter with the X token: the signed-in X account's name and
 * avatar (plus id and username), or null once the X session is gone.
 */
export function getXProfile({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(
    "/socialmedia/LoginStatusDetail/twitter",
    () => wire().then((schemas) => schemas.twitterBriefSchema),
    { base: "reg", ...(signal ? { signal } : {}) },
  );
}

export function xProfileQueryOptions(twitterToken: string | undefined) {
  return queryOptions({
    queryKey: ["x-auth", "profile", twitterToken ?? "anonymous"],
    queryFn: ({ signal }) => getXProfile({ signal }),
    enabled: Boolean(twitterToken),
    staleTime: 5 * 60_000,
  });
}

export function useXProfileQuery(twitterToken: string | undefined) {
  return useQuery(xProfileQueryOptions(twitterToken));
}
