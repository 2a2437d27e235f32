/**
 * What the tips feature's component tests share: wire fixtures, a viewer, the translations and an API answered
 * by route. Only *.test.tsx files import this module, so it never reaches the app bundle.
 */
import type {
  TipsCampaignDetail,
  TipsCampaignSummary,
  TipsLeaderboard,
  TipsStanding,
} from "@dropfair/schemas/tips";
import type { ReactNode } from "react";
import { vi } from "vitest";
import {
  envelope,
  type Route,
  renderInApp,
  setupEnglish,
  stubApi as stubSharedApi,
} from "../../../shared/testing/feature-app";
import { platformConfig } from "../../../shared/testing/platform-config";
import type { TipsViewer } from "../model/integrations";

export const creatorAddress = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
export const participantAddress = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";

/** Campaign 4: running on the sandbox chain, 1,000 DFT (18 decimals), two participants. */
export function campaignSummary(overrides: Partial<TipsCampaignSummary> = {}): TipsCampaignSummary {
  return {
    id: 4,
    title: "Spread the word",
    status: 1,
    chainId: 31337,
    token: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
    tokenSymbol: "DFT",
    tokenDecimals: 18,
    totalPrize: "1000000000000000000000",
    startAt: "2026-01-01T10:00:00.000Z",
    endAt: "2030-01-01T10:00:00.000Z",
    creator: creatorAddress,
    participants: 2,
    funded: true,
    myEarned: null,
    ...overrides,
  };
}

export function campaignDetail(overrides: Partial<TipsCampaignDetail> = {}): TipsCampaignDetail {
  return {
    ...campaignSummary(),
    description: "Tell X about Dropfair",
    hashtag: "#Dropfair",
    mention: "@dropfair_xyz",
    slogan: "",
    formula: {
      algorithm: "dropfair-tips-v1",
      weights: { views: 1, likes: 1, replies: 2, retweets: 3, quotes: 4 },
      tweetCap: 1000,
      dailyTweets: 3,
    },
    distributor: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
    refund: null,
    distributorCampaignId: "2",
    claimableUntil: "2030-01-31T10:00:00.000Z",
    missionCampaignId: null,
    computedAt: "2026-01-02T10:00:00.000Z",
    canManage: false,
    canModerate: false,
    me: { joined: false, banned: false, xUserId: null, reloadAvailableAt: null },
    errorReason: null,
    ...overrides,
  };
}

export function standing(overrides: Partial<TipsStanding> = {}): TipsStanding {
  return {
    rank: 1,
    xUserId: "44196397",
    username: "alice",
    name: "Alice",
    avatarUrl: null,
    points: "202",
    tweets: 1,
    views: "12345",
    retweets: "7",
    replies: "5",
    likes: "40",
    quotes: "2",
    interactions: "54",
    estimatedEarned: "905829596412556053811",
    ...overrides,
  };
}

export function leaderboard(overrides: Partial<TipsLeaderboard> = {}): TipsLeaderboard {
  return {
    formula: campaignDetail().formula,
    totalPrize: "1000000000000000000000",
    totalPoints: "223",
    computedAt: "2026-01-02T10:00:00.000Z",
    total: 2,
    page: 1,
    pageSize: 50,
    rows: [
      standing(),
      standing({
        rank: 2,
        xUserId: "783214",
        username: "bob",
        name: "Bob",
        points: "21",
        views: "999",
        likes: "10",
        replies: "1",
        retweets: "0",
        quotes: "0",
        interactions: "11",
        estimatedEarned: "94170403587443946188",
      }),
    ],
    me: null,
    ...overrides,
  };
}

export { envelope, type Route };

/** A test double for fetch (shared/testing/feature-app) answering as the sandbox platform with an AirdropDistributor. */
export function stubApi(routes: Route[]) {
  return stubSharedApi(
    // The creator's helpers card asks for the helpers: none, unless a test answers otherwise.
    [...routes, { path: /\/tips\/campaigns\/\d+\/helpers$/, answer: () => envelope({ rows: [] }) }],
    platformConfig({
      airdrop: { distributors: [{ chainId: 31337, address: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9" }] },
    }),
  );
}

export function testViewer(overrides: Partial<TipsViewer> = {}): TipsViewer {
  return { walletAddress: participantAddress, canLogin: true, login: vi.fn(), ...overrides };
}

/** For `beforeAll`: the English tips, missions and validation translations. */
export async function setupTipsI18n() {
  await setupEnglish(["tips", "missions", "validation"]);
}

/** Renders `element` inside the app's providers and a memory router at `path`. */
export function renderWithApp(element: ReactNode, path = "/tips/4") {
  return renderInApp(element, path);
}
