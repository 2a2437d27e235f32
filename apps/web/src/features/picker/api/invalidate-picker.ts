import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { pickerKeys } from "./picker-keys";

/** After a change to one picker: its detail, participants and history, and the lists it appears in. */
export function invalidatePicker(queryClient: QueryClient, id: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: pickerKeys.picker(id) }),
    queryClient.invalidateQueries({ queryKey: pickerKeys.lists() }),
  ]);
}

export function useInvalidatePicker(id: number) {
  const queryClient = useQueryClient();
  return useCallback(() => invalidatePicker(queryClient, id), [queryClient, id]);
}
