import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { paymentPickerQueryOptions } from "./get-payment-picker";
import { paymentRequest } from "./request";

const recordedSchema = z.object({ chainId: z.number().int(), txHash: z.string() });

export type RecordPaymentInput =
  | { mode: "batch"; chainId: number; txHash: string; token: string; amountPerWinner: string }
  | { mode: "external"; chainId: number; txHash: string };

/**
 * `POST /api/bounty/picker/:id/pay`: the API checks the transaction's receipt and completes the picker. A retry
 * after a lost answer sends the same Idempotency-Key (see model/idempotency-key), so it is recorded once.
 */
export function recordPayment(pickerId: number, input: RecordPaymentInput, idempotencyKey: string) {
  return paymentRequest(`/${pickerId}/pay`, recordedSchema, {
    method: "POST",
    body: input,
    headers: { "Idempotency-Key": idempotencyKey },
    // The API waits for the receipt on chain; give it longer than a plain read.
    timeoutMs: 90_000,
  });
}

export function useRecordPayment(pickerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: RecordPaymentInput; idempotencyKey: string }) =>
      recordPayment(pickerId, input, idempotencyKey),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: paymentPickerQueryOptions(pickerId).queryKey }),
  });
}
