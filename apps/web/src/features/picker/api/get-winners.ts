import { maxWinnerCount } from "@dropfair/core/picker";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParticipants, type Participant } from "./get-participants";
import { pickerKeys } from "./picker-keys";

const pageSize = 200;

/** Every current winner (at most the winner count, so a few pages): the confirm step needs all their ids. */
export async function getAllWinners(id: number, signal?: AbortSignal): Promise<Participant[]> {
  const winners: Participant[] = [];
  for (let page = 1; page <= Math.ceil(maxWinnerCount / pageSize); page++) {
    const result = await getParticipants(id, { page, size: pageSize, filter: "winners", search: "" }, signal);
    winners.push(...result.rows);
    if (winners.length >= result.total || result.rows.length < pageSize) break;
  }
  return winners.sort((left, right) => (left.rank ?? 0) - (right.rank ?? 0));
}

export function winnersQueryOptions(id: number, viewer?: string) {
  return queryOptions({
    queryKey: [...pickerKeys.picker(id), "winners", viewer ?? "anonymous"] as const,
    queryFn: ({ signal }) => getAllWinners(id, signal),
  });
}

export function useWinners(id: number, viewer: string | undefined, enabled: boolean) {
  return useQuery({ ...winnersQueryOptions(id, viewer), enabled });
}
