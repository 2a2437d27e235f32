import type { BadgeDetail, Programme } from "@dropfair/schemas/badges";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { badgeSchemas, badgesQueryKey, badgesRequest } from "./request";

const programmeSchema = () => badgeSchemas().then((module) => module.programmeSchema);
const detailSchema = () => badgeSchemas().then((module) => module.badgeDetailSchema);

/** GET /programmes: every achievement programme with its number of badges. */
export function programmesQueryOptions() {
  return queryOptions({
    queryKey: [...badgesQueryKey, "programmes"] as const,
    queryFn: ({ signal }) =>
      badgesRequest("/programmes", () => badgeSchemas().then((module) => module.programmeSchema.array()), {
        signal,
      }),
    retry: false,
  });
}

export function useProgrammes() {
  return useQuery(programmesQueryOptions());
}

export type ProgrammeSave =
  | { code: null; body: { code: string; title: string; description: string } }
  | { code: string; body: { title?: string; description?: string; season?: number } };

/** POST /programmes (a new one) or PATCH /programmes/:code (texts, or the season moved on). */
export function saveProgramme(save: ProgrammeSave): Promise<Programme> {
  return save.code === null
    ? badgesRequest("/programmes", programmeSchema, { method: "POST", body: save.body })
    : badgesRequest(`/programmes/${encodeURIComponent(save.code)}`, programmeSchema, {
        method: "PATCH",
        body: save.body,
      });
}

export type BadgeSave =
  | { kind: "create"; programme: string; body: Record<string, unknown> }
  | { kind: "edit"; badgeId: number; body: Record<string, unknown> }
  | { kind: "list"; badgeId: number; addresses: string[] }
  | { kind: "image"; badgeId: number; image: string };

/** POST /programmes/:code/badges, PATCH /badges/:id, PUT /badges/:id/list or PUT /badges/:id/image. */
export function saveBadge(save: BadgeSave): Promise<BadgeDetail> {
  switch (save.kind) {
    case "create":
      return badgesRequest(`/programmes/${encodeURIComponent(save.programme)}/badges`, detailSchema, {
        method: "POST",
        body: save.body,
      });
    case "edit":
      return badgesRequest(`/badges/${save.badgeId}`, detailSchema, { method: "PATCH", body: save.body });
    case "list":
      return badgesRequest(`/badges/${save.badgeId}/list`, detailSchema, {
        method: "PUT",
        body: { addresses: save.addresses },
      });
    case "image":
      return badgesRequest(`/badges/${save.badgeId}/image`, detailSchema, {
        method: "PUT",
        body: { image: save.image },
      });
  }
}

/** Every change refreshes every badges query (programmes, pages, details). */
function useRefreshBadges() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: badgesQueryKey });
}

export function useSaveProgramme() {
  const refresh = useRefreshBadges();
  return useMutation({ mutationFn: saveProgramme, onSuccess: refresh });
}

export function useSaveBadge() {
  const refresh = useRefreshBadges();
  return useMutation({ mutationFn: saveBadge, onSuccess: refresh });
}
