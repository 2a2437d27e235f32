// How a mission reads in the list: its title (the administrator's, or one made from its kind and parameters),
// the label of its action link, and the state a row shows.
import type { Mission } from "@dropfair/schemas/missions";

export type MissionRowState = "todo" | "checking" | "done" | "failed";

/** The catalogue key and values of a mission's title; a custom title wins. */
export function missionTitle(
  mission: Mission,
): { key: string; values: Record<string, string> } | { text: string } {
  if (mission.title.trim()) return { text: mission.title };
  const value = (name: string) => String(mission.parameters[name] ?? "");
  switch (mission.kind) {
    case "x_follow":
      return { key: "kinds.x_follow", values: { username: value("username") } };
    case "x_tweet": {
      const pieces = [value("text"), tagged(value("hashtag"), "#"), tagged(value("mention"), "@")].filter(
        Boolean,
      );
      return { key: "kinds.x_tweet", values: { pieces: pieces.join(" ") } };
    }
    case "discord_role":
      return { key: "kinds.discord_role", values: { role: value("roleName") } };
    case "telegram_join":
      return { key: "kinds.telegram_join", values: { chat: value("chatId") } };
    default:
      return { key: `kinds.${mission.kind}`, values: {} };
  }
}

function tagged(value: string, prefix: "#" | "@"): string {
  if (!value) return "";
  return value.startsWith(prefix) ? value : `${prefix}${value}`;
}

/** The action link's label key: what the user goes to do. */
export function actionLabelKey(mission: Mission): string {
  if (mission.kind.startsWith("discord_")) return "actions.joinServer";
  if (mission.kind === "telegram_join") return "actions.joinChat";
  if (mission.kind === "x_follow") return "actions.openAccount";
  if (mission.kind === "x_tweet") return "actions.writeTweet";
  return "actions.openPost";
}

/** The row's state: a running check, then its failure, then the server's state. */
export function rowState(mission: Mission, checking: boolean, failure: string | undefined): MissionRowState {
  if (mission.state === "done") return "done";
  if (checking) return "checking";
  if (failure) return "failed";
  return "todo";
}
