import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { bansQueryOptions } from "./get-bans";
import { banRequest } from "./request";

const doneSchema = z.object({ done: z.literal(true) });

/** `DELETE /api/bounty/picker/:id/bans/:xUserId` (owner or helper): lift a ban. */
export function removeBan(pickerId: number, xUserId: string) {
  return banRequest(`/${pickerId}/bans/${encodeURIComponent(xUserId)}`, doneSchema, { method: "DELETE" });
}

export function useRemoveBan(pickerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (xUserId: string) => removeBan(pickerId, xUserId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bansQueryOptions(pickerId).queryKey }),
  });
}
