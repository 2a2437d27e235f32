import type { CreateNewsEntryBody, NewsEntry } from "@dropfair/schemas/news";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { newsKeys } from "./news-keys";
import { newsRequest, newsSchemas } from "./request";

const entrySchema = () => newsSchemas().then((module) => module.newsEntrySchema);

/** POST /admin/entries (a new, unpublished entry) or PATCH /admin/entries/:id (an edit). */
export function saveEntry(id: number | null, body: CreateNewsEntryBody): Promise<NewsEntry> {
  return id === null
    ? newsRequest("/admin/entries", entrySchema, { method: "POST", body })
    : newsRequest(`/admin/entries/${id}`, entrySchema, { method: "PATCH", body });
}

export type EntryAction = "publish" | "unpublish" | "feature" | "unfeature";

/** POST /admin/entries/:id/publish|unpublish, or PUT /admin/entries/:id/featured. */
export function applyEntryAction(id: number, action: EntryAction): Promise<NewsEntry> {
  if (action === "publish" || action === "unpublish")
    return newsRequest(`/admin/entries/${id}/${action}`, entrySchema, { method: "POST" });
  return newsRequest(`/admin/entries/${id}/featured`, entrySchema, {
    method: "PUT",
    body: { featured: action === "feature" },
  });
}

/** Every curation change refreshes the administrators' list and the public lists. */
function useRefreshNews() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: newsKeys.all });
}

export function useSaveEntry() {
  const refresh = useRefreshNews();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateNewsEntryBody }) => saveEntry(id, body),
    onSuccess: refresh,
  });
}

export function useEntryAction() {
  const refresh = useRefreshNews();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: EntryAction }) => applyEntryAction(id, action),
    onSuccess: refresh,
  });
}
