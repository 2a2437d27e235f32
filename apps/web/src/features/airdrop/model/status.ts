/** SPEC §4 airdrop status: 0 draft, 1 not started, 2 in progress, 3 ended. */
export const airdropStatus = { draft: 0, notStarted: 1, inProgress: 2, ended: 3 } as const;

/** SPEC §4 claim state: 0 claimable, 1 claimed. */
export const claimState = { claimable: 0, claimed: 1 } as const;

const statusKeys = ["draft", "notStarted", "inProgress", "ended"] as const;
export type AirdropStatusKey = (typeof statusKeys)[number];

/** The catalogue key part of a status (`status.{key}`); an unknown value reads as a draft. */
export function statusKey(status: number): AirdropStatusKey {
  return statusKeys[status] ?? "draft";
}

export const statusColors: Record<AirdropStatusKey, string> = {
  draft: "gray",
  notStarted: "blue",
  inProgress: "jade",
  ended: "dark",
};
