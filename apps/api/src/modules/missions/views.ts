// Database rows as the wire's mission and campaign views.
import {
  type MissionDefinition,
  type MissionKind,
  missionActionUrl,
  takesTweetId,
} from "@dropfair/core/missions";
import type { Mission } from "@dropfair/schemas/missions";
import type { CampaignRow, CompletionRow, MissionRow } from "./repository.ts";

/** Parameters are validated against the kind before they are stored. */
export function definitionOf(row: MissionRow): MissionDefinition {
  return { kind: row.kind, parameters: row.parameters } as MissionDefinition;
}

function publicParameters(parameters: Record<string, unknown>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(parameters).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === "string" || typeof entry[1] === "number",
    ),
  );
}

export function missionView(row: MissionRow, completion: CompletionRow | undefined): Mission {
  return {
    id: row.id,
    campaignId: row.campaignId,
    position: row.position,
    kind: row.kind as MissionKind,
    title: row.title,
    parameters: publicParameters(row.parameters),
    actionUrl: missionActionUrl(definitionOf(row)),
    takesTweetId: takesTweetId(row.kind as MissionKind),
    rewardEp: row.rewardEp,
    rewardTickets: row.rewardTickets,
    state: completion ? "done" : "todo",
    completedAt: completion ? completion.completedAt.toISOString() : null,
  };
}

export function campaignView(row: CampaignRow) {
  return { id: row.id, kind: row.kind, referenceId: row.referenceId, title: row.title };
}
