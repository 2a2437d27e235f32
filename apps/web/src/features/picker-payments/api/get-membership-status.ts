import { membershipStatusSchema } from "@dropfair/schemas/picker";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { paymentRequest } from "./request";

export type MembershipStatus = z.infer<typeof membershipStatusSchema>;

/** `GET /api/bounty/picker/membership`: the X account's plan and where a membership is paid. */
export function getMembershipStatus(signal?: AbortSignal): Promise<MembershipStatus> {
  return paymentRequest("/membership", membershipStatusSchema, signal ? { signal } : {});
}

export function membershipStatusQueryOptions() {
  return queryOptions({
    queryKey: ["picker-payments", "membership"] as const,
    queryFn: ({ signal }) => getMembershipStatus(signal),
    staleTime: 10_000,
  });
}

export function useMembershipStatus(enabled: boolean) {
  return useQuery({ ...membershipStatusQueryOptions(), enabled });
}
