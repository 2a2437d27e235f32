/** The root of every airdrop query key, so a mutation can refresh one airdrop or all of them. */
export const airdropKeys = {
  all: ["airdrop"] as const,
  lists: () => [...airdropKeys.all, "list"] as const,
  airdrop: (id: number) => [...airdropKeys.all, "detail", id] as const,
  participants: (id: number) => [...airdropKeys.airdrop(id), "participants"] as const,
  participantImport: (id: number) => [...airdropKeys.airdrop(id), "participant-import"] as const,
  claim: (id: number) => [...airdropKeys.airdrop(id), "claim"] as const,
};
