import { useQuery } from "@tanstack/react-query";
import { referralQueryKey, referralRequest, wire } from "./request";

/** `GET /api/bounty/referral/codes/:code`: whether the code exists and whose it is (short address). */
export function lookupReferralCode(code: string, signal?: AbortSignal) {
  return referralRequest(
    `/codes/${encodeURIComponent(code)}`,
    () => wire().then((schemas) => schemas.referralLookupSchema),
    signal ? { signal } : {},
  );
}

/** The inviter of a remembered parent code; asked once per code (look-ups of unknown codes are throttled). */
export function useInviter(code: string | undefined) {
  return useQuery({
    queryKey: [...referralQueryKey, "code", code ?? ""] as const,
    queryFn: ({ signal }) => lookupReferralCode(code ?? "", signal),
    enabled: Boolean(code),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
