import { maxWinnerCount } from "@dropfair/core/picker";
import { participantsPageSchema } from "@dropfair/schemas/picker";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PayoutWinner } from "../model/payout-plan";
import { paymentRequest } from "./request";

const pageSize = 200;

/**
 * The confirmed winners and the EVM addresses they submitted (`GET /picker/:id/participants?filter=winners`,
 * visible to the host), in rank order. Winners who submitted nothing are left out, as the API's check does.
 */
export async function getPayoutWinners(pickerId: number, signal?: AbortSignal): Promise<PayoutWinner[]> {
  const winners: PayoutWinner[] = [];
  let seen = 0;
  for (let page = 1; page <= Math.ceil(maxWinnerCount / pageSize); page++) {
    const result = await paymentRequest(`/${pickerId}/participants`, participantsPageSchema, {
      query: { filter: "winners", page, size: pageSize },
      ...(signal ? { signal } : {}),
    });
    seen += result.rows.length;
    for (const row of result.rows) {
      if (row.info) winners.push({ xUserId: row.xUserId, username: row.username, address: row.info });
    }
    if (seen >= result.total || result.rows.length < pageSize) break;
  }
  return winners;
}

export function payoutWinnersQueryOptions(pickerId: number) {
  return queryOptions({
    queryKey: ["picker-payments", pickerId, "winners"] as const,
    queryFn: ({ signal }) => getPayoutWinners(pickerId, signal),
  });
}

export function usePayoutWinners(pickerId: number, enabled: boolean) {
  return useQuery({ ...payoutWinnersQueryOptions(pickerId), enabled });
}
