import type { WheelCreateBody } from "@dropfair/schemas/wheel";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { wheelQueryKey, wheelRequest, wheelSchemas } from "./request";

/** POST /games: a new game; the server draws its salt and publishes the salt's hash at once. */
export function createWheelGame(body: WheelCreateBody) {
  return wheelRequest("/games", () => wheelSchemas().then((module) => module.wheelGameDetailSchema), {
    method: "POST",
    body,
  });
}

export function useCreateWheelGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWheelGame,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...wheelQueryKey, "games"] }),
  });
}
