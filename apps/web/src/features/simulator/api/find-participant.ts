import { type Participant, participantsPageSchema } from "@dropfair/schemas/picker";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client";

/**
 * `GET /api/bounty/picker/:id/participants?q=`: the participant with this X handle (case-insensitive) or X
 * user id, or null. The search matches parts of handles, so the exact one is picked from the page.
 */
export async function findParticipant(
  pickerId: number,
  username: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Participant | null> {
  const page = await apiRequest(`/picker/${pickerId}/participants`, participantsPageSchema, {
    query: { q: username, size: 200 },
    ...(signal ? { signal } : {}),
  });
  const wanted = username.toLowerCase();
  return (
    page.rows.find((row) => row.username.toLowerCase() === wanted) ??
    page.rows.find((row) => row.xUserId === username) ??
    null
  );
}

export function participantQueryOptions(pickerId: number, username: string) {
  return queryOptions({
    queryKey: ["simulator", "participant", pickerId, username.toLowerCase()],
    queryFn: ({ signal }) => findParticipant(pickerId, username, { signal }),
    staleTime: 60_000,
  });
}
