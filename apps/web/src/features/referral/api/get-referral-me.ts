import { useQuery } from "@tanstack/react-query";
import { referralQueryKey, referralRequest, wire } from "./request";

/** `GET /api/bounty/referral/me`: the signed-in user's code, share path and totals. */
export function getReferralMe(signal?: AbortSignal) {
  return referralRequest("/me", () => wire().then((schemas) => schemas.referralMeSchema), {
    ...(signal ? { signal } : {}),
  });
}

export function referralMeQueryOptions(token: string | undefined) {
  return {
    queryKey: [...referralQueryKey, "me", token ?? "anonymous"] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => getReferralMe(signal),
    enabled: Boolean(token),
  };
}

export function useReferralMe(token: string | undefined) {
  return useQuery(referralMeQueryOptions(token));
}
