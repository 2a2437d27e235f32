import { banSchema } from "@dropfair/schemas/picker";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { banRequest } from "./request";

const banListSchema = z.array(banSchema);

export type Ban = z.infer<typeof banSchema>;

/** `GET /api/bounty/picker/:id/bans`: the ban list of the picker's owner (shared by all their pickers). */
export function getBans(pickerId: number, signal?: AbortSignal): Promise<Ban[]> {
  return banRequest(`/${pickerId}/bans`, banListSchema, signal ? { signal } : {});
}

export function bansQueryOptions(pickerId: number) {
  return queryOptions({
    queryKey: ["picker-bans", pickerId, "list"] as const,
    queryFn: ({ signal }) => getBans(pickerId, signal),
  });
}

export function useBans(pickerId: number) {
  return useQuery(bansQueryOptions(pickerId));
}
