import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { pickerKeys } from "./picker-keys";
import { pickerRequest, pickerSchemas } from "./request";

export type PickerHelper = { xUserId: string; username: string; createdAt: string };

/** The owner account's helpers (X accounts that may operate its pickers); owner and helpers only. */
export function getPickerHelpers(id: number, signal?: AbortSignal): Promise<PickerHelper[]> {
  return pickerRequest(`/${id}/admins`, () => pickerSchemas().then((module) => module.adminSchema.array()), {
    ...(signal ? { signal } : {}),
  });
}

export function pickerHelpersQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...pickerKeys.picker(id), "helpers"] as const,
    queryFn: ({ signal }) => getPickerHelpers(id, signal),
    // A failed list is the card's to show; it never turns the picker page into the 404 page.
    throwOnError: false,
  });
}

export function usePickerHelpers(id: number) {
  return useQuery(pickerHelpersQueryOptions(id));
}

/** Adds a helper by X handle (owner only); the answer is the account X resolved. */
export function addPickerHelper(
  id: number,
  username: string,
): Promise<{ xUserId: string; username: string }> {
  return pickerRequest(
    `/${id}/admins`,
    () => import("zod").then(({ z }) => z.object({ xUserId: z.string(), username: z.string() })),
    { method: "POST", body: { username } },
  );
}

/** Removes a helper (owner only). */
export function removePickerHelper(id: number, xUserId: string): Promise<{ done: true }> {
  return pickerRequest(
    `/${id}/admins/${encodeURIComponent(xUserId)}`,
    () => import("zod").then(({ z }) => z.object({ done: z.literal(true) })),
    { method: "DELETE" },
  );
}

function useRefreshHelpers(id: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: pickerHelpersQueryOptions(id).queryKey });
}

export function useAddPickerHelper(id: number) {
  const refresh = useRefreshHelpers(id);
  return useMutation({ mutationFn: (username: string) => addPickerHelper(id, username), onSuccess: refresh });
}

export function useRemovePickerHelper(id: number) {
  const refresh = useRefreshHelpers(id);
  return useMutation({
    mutationFn: (xUserId: string) => removePickerHelper(id, xUserId),
    onSuccess: refresh,
  });
}
