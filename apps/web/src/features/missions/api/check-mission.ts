import { useMutation, useQueryClient } from "@tanstack/react-query";
import { missionSchemas, missionsQueryKey, missionsRequest } from "./request";

/** POST /:missionId/check: asks X, Discord or Telegram, records the mission once. */
export function checkMission(missionId: number, tweetId?: string) {
  return missionsRequest(
    `/${missionId}/check`,
    () => missionSchemas().then((module) => module.missionCheckResultSchema),
    { method: "POST", body: tweetId === undefined ? {} : { tweetId } },
  );
}

/**
 * A check refreshes every mission list (states), and a new completion the points (it credits EP) and the badges
 * (their progress reads completions and EP).
 */
export function useCheckMission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ missionId, tweetId }: { missionId: number; tweetId?: string }) =>
      checkMission(missionId, tweetId),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: missionsQueryKey });
      if (result.newlyCompleted) {
        await queryClient.invalidateQueries({ queryKey: ["points"] });
        await queryClient.invalidateQueries({ queryKey: ["badges"] });
      }
    },
  });
}
