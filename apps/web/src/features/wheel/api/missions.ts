import type { MissionCreateBody } from "@dropfair/schemas/missions";
import { wheelRequest } from "./request";

const missionSchema = () => import("@dropfair/schemas/missions").then((module) => module.missionSchema);
const nothing = () => import("zod").then(({ z }) => z.null());

/** POST /games/:id/missions: a mission of the game (its managers); its rewardTickets are tickets of this game. */
export function addGameMission(gameId: number, body: MissionCreateBody) {
  return wheelRequest(`/games/${gameId}/missions`, missionSchema, { method: "POST", body });
}

/** DELETE /games/:id/missions/:missionId (its managers); the tickets it granted stay. */
export function removeGameMission(gameId: number, missionId: number) {
  return wheelRequest(`/games/${gameId}/missions/${missionId}`, nothing, { method: "DELETE" });
}
