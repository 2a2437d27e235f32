/**
 * A picker as GET /api/bounty/picker/{id} answers it, for component tests: a v2 picker ready to draw, seen by its
 * owner. Tests name only what they depend on. Only tests (unit and e2e) import this module.
 */
import type { PickerDetail } from "@dropfair/schemas/picker";

export function pickerDetail(overrides: Partial<PickerDetail> = {}): PickerDetail {
  return {
    id: 7,
    seed: "K7Q2MZ",
    version: 2,
    status: 6,
    owner: { xUserId: "100", username: "dropfair_host" },
    postId: "2002842258109890560",
    postUrl: "https://x.com/dropfair_host/status/2002842258109890560",
    postText: "Giveaway!",
    winnerCount: 3,
    rewardAmount: null,
    rewardText: "",
    followTargets: [],
    requireRetweet: true,
    requireReply: false,
    infoType: "evm",
    infoName: "",
    filters: {},
    entryLimit: null,
    progress: {},
    errorMessage: null,
    entryCount: 10,
    eligibleCount: 9,
    excludedCounts: {},
    drawCount: 0,
    currentDraw: null,
    payment: null,
    viewer: { role: "owner", xUserId: "100", entry: null },
    posterUrl: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}
