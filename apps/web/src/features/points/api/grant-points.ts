import { useMutation, useQueryClient } from "@tanstack/react-query";
import { pointsQueryKey, pointsRequest, wire } from "./request";

export type GrantInput = { address: string; amount: number; reason: string };

/** `POST /api/bounty/points/admin/grants` (administrators): grant, or revoke with a negative amount. */
export function grantPoints(input: GrantInput) {
  return pointsRequest("/admin/grants", () => wire().then((schemas) => schemas.pointsGrantResultSchema), {
    method: "POST",
    body: input,
  });
}

export function useGrantPoints() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: grantPoints,
    onSuccess: () => client.invalidateQueries({ queryKey: pointsQueryKey }),
  });
}
