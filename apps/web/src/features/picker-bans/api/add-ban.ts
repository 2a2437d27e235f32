import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { bansQueryOptions } from "./get-bans";
import { banRequest } from "./request";

const bannedSchema = z.object({ xUserId: z.string(), username: z.string() });

export type AddBanInput = { username: string; reason: string };

/** `POST /api/bounty/picker/:id/bans` (owner or helper): ban an X account with a reason. */
export function addBan(pickerId: number, input: AddBanInput) {
  return banRequest(`/${pickerId}/bans`, bannedSchema, { method: "POST", body: input });
}

export function useAddBan(pickerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddBanInput) => addBan(pickerId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bansQueryOptions(pickerId).queryKey }),
  });
}
