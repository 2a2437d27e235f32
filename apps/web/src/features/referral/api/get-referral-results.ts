import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { referralQueryKey, referralRequest, wire } from "./request";

export const resultsPageSize = 10;

/** `GET /api/bounty/referral/me/results`: one page of the users the signed-in user referred, and the totals. */
export function getReferralResults(page: number, signal?: AbortSignal) {
  return referralRequest("/me/results", () => wire().then((schemas) => schemas.referralResultsSchema), {
    query: { page, pageSize: resultsPageSize },
    ...(signal ? { signal } : {}),
  });
}

export function useReferralResults(token: string | undefined, page: number) {
  return useQuery({
    queryKey: [...referralQueryKey, "results", token ?? "anonymous", page] as const,
    queryFn: ({ signal }) => getReferralResults(page, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}
