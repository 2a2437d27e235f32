import type { Participant } from "@dropfair/schemas/picker";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { pickerKeys } from "./picker-keys";
import { pickerRequest, pickerSchemas } from "./request";

export type ParticipantFilter = "all" | "eligible" | "winners" | "substitutes" | "excluded";
export const participantFilters: readonly ParticipantFilter[] = [
  "all",
  "eligible",
  "winners",
  "substitutes",
  "excluded",
];
export type ParticipantsQuery = { page: number; size: number; filter: ParticipantFilter; search: string };
export type ParticipantsPage = z.infer<Awaited<ReturnType<typeof pickerSchemas>>["participantsPageSchema"]>;
export type { Participant };

export function getParticipants(
  id: number,
  query: ParticipantsQuery,
  signal?: AbortSignal,
): Promise<ParticipantsPage> {
  const search = query.search.trim().replace(/^@/, "");
  return pickerRequest(
    `/${id}/participants`,
    () => pickerSchemas().then((module) => module.participantsPageSchema),
    {
      query: { page: query.page, size: query.size, filter: query.filter, q: search || undefined },
      ...(signal ? { signal } : {}),
    },
  );
}

export function participantsQueryOptions(id: number, query: ParticipantsQuery, viewer?: string) {
  return queryOptions({
    queryKey: [...pickerKeys.picker(id), "participants", viewer ?? "anonymous", query] as const,
    queryFn: ({ signal }) => getParticipants(id, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useParticipants(
  id: number,
  query: ParticipantsQuery,
  viewer?: string,
  options: { enabled?: boolean } = {},
) {
  return useQuery({ ...participantsQueryOptions(id, query, viewer), enabled: options.enabled ?? true });
}
