import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { airdropKeys } from "./airdrop-keys";
import { airdropRequest, airdropSchemas } from "./request";

export type AirdropParticipantsPage = z.infer<
  Awaited<ReturnType<typeof airdropSchemas>>["airdropParticipantsPageSchema"]
>;
export type AirdropParticipant = AirdropParticipantsPage["items"][number];

export type ParticipantsQuery = { page: number; pageSize: number; search?: string | undefined };

export function getParticipants(
  id: number,
  query: ParticipantsQuery,
  signal?: AbortSignal,
): Promise<AirdropParticipantsPage> {
  return airdropRequest(
    `/${id}/participants`,
    () => airdropSchemas().then((module) => module.airdropParticipantsPageSchema),
    {
      query: { page: query.page, pageSize: query.pageSize, search: query.search || undefined },
      ...(signal ? { signal } : {}),
    },
  );
}

export function participantsQueryOptions(id: number, query: ParticipantsQuery) {
  return queryOptions({
    queryKey: [...airdropKeys.participants(id), query.page, query.pageSize, query.search ?? ""] as const,
    queryFn: ({ signal }) => getParticipants(id, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

export function useParticipants(id: number | undefined, query: ParticipantsQuery) {
  return useQuery({ ...participantsQueryOptions(id ?? 0, query), enabled: id !== undefined });
}
