import type { ParticipantImport } from "@dropfair/schemas/airdrop";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { airdropKeys } from "./airdrop-keys";
import { airdropRequest, airdropSchemas } from "./request";

/** Polled this often while a long list is being imported. */
export const importPollMs = 1_000;

export const importUnderWay = (entry: ParticipantImport | null | undefined) =>
  entry?.state === "queued" || entry?.state === "running";

/** The airdrop's latest background import of its participant list (creator only); null when none. */
export function getParticipantImport(id: number, signal?: AbortSignal): Promise<ParticipantImport | null> {
  return airdropRequest(
    `/${id}/participants/import`,
    () => airdropSchemas().then((module) => module.participantImportSchema.nullable()),
    signal ? { signal } : {},
  );
}

export function participantImportQueryOptions(id: number) {
  return queryOptions({
    queryKey: airdropKeys.participantImport(id),
    queryFn: ({ signal }) => getParticipantImport(id, signal),
    // Every second while it is queued or running; then it stays until the next upload.
    refetchInterval: (query) => (importUnderWay(query.state.data) ? importPollMs : false),
  });
}

export function useParticipantImport(id: number, enabled: boolean) {
  return useQuery({ ...participantImportQueryOptions(id), enabled });
}
