import type { MembershipPlan } from "@dropfair/core/picker";
import { membershipStatusSchema } from "@dropfair/schemas/picker";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { membershipStatusQueryOptions } from "./get-membership-status";
import { paymentRequest } from "./request";

export type BuyMembershipInput = { chainId: number; txHash: string; plan: MembershipPlan };

/**
 * `POST /api/bounty/picker/membership`: the API verifies the USDT transfer to the treasury from its receipt
 * and grants the plan; a hash already used is refused.
 */
export function buyMembership(input: BuyMembershipInput, idempotencyKey: string) {
  return paymentRequest("/membership", membershipStatusSchema, {
    method: "POST",
    body: input,
    headers: { "Idempotency-Key": idempotencyKey },
    timeoutMs: 90_000,
  });
}

export function useBuyMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: BuyMembershipInput; idempotencyKey: string }) =>
      buyMembership(input, idempotencyKey),
    onSuccess: (status) => queryClient.setQueryData(membershipStatusQueryOptions().queryKey, status),
  });
}
