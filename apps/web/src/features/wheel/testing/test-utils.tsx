/**
 * What the wheel feature's component tests share: wire fixtures, a viewer, the translations and an API answered
 * by route. Only *.test.tsx files import this module, so it never reaches the app bundle.
 */
import type { WheelGameDetail, WheelPrize } from "@dropfair/schemas/wheel";
import type { ReactNode } from "react";
import type { RouteObject } from "react-router";
import { vi } from "vitest";
import {
  envelope,
  type Route,
  renderInApp,
  setupEnglish,
  stubApi,
} from "../../../shared/testing/feature-app";
import { platformConfig } from "../../../shared/testing/platform-config";
import type { WheelViewer } from "../model/integrations";

export const playerAddress = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
export const saltHash = "0x60f39d21da86fde144ba3f4e0b48377409aa403cb92f5d7276a0acc9a3218ae4";

function prize(overrides: Partial<WheelPrize> & Pick<WheelPrize, "id" | "kind">): WheelPrize {
  return {
    label: "",
    weight: 1,
    count: null,
    amount: "0",
    token: null,
    tokenSymbol: null,
    tokenDecimals: null,
    won: 0,
    campaignId: null,
    funded: true,
    ...overrides,
  };
}

/** Game 3: running on the sandbox chain with 50 EP, 5 DFT (ten of them) and nothing. */
export function gameDetail(overrides: Partial<WheelGameDetail> = {}): WheelGameDetail {
  return {
    id: 3,
    title: "Spring wheel",
    status: 1,
    chainId: 31337,
    startAt: "2026-01-01T10:00:00.000Z",
    endAt: "2030-01-01T10:00:00.000Z",
    creator: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    partnerSlug: null,
    prizeCount: 3,
    spinCount: 1,
    description: "Spin for EP and DFT",
    contract: "0x0165878A594ca255338adfa4d48449f69242Eb8F",
    distributor: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
    fromBlock: "10",
    saltHash,
    salt: null,
    prizes: [
      prize({ id: "p1", kind: "ep", amount: "50", weight: 60 }),
      prize({
        id: "p2",
        kind: "token",
        amount: "5000000000000000000",
        weight: 30,
        count: 10,
        won: 1,
        token: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
        tokenSymbol: "DFT",
        tokenDecimals: 18,
        campaignId: "4",
      }),
      prize({ id: "p3", kind: "nothing", weight: 10 }),
    ],
    dailyFreeTicket: false,
    referralTickets: 0,
    missionCampaignId: null,
    canManage: false,
    errorReason: null,
    ...overrides,
  };
}

export { envelope, type Route, stubApi };

export function testViewer(overrides: Partial<WheelViewer> = {}): WheelViewer {
  return { walletAddress: playerAddress, canLogin: true, login: vi.fn(), ...overrides };
}

/** For `beforeAll`: the English wheel, missions and validation translations. */
export async function setupWheelI18n() {
  // happy-dom has no FontFaceSet; Mantine's autosizing textarea (the create form) listens on it.
  if (!("fonts" in document)) {
    Object.defineProperty(document, "fonts", {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {} },
    });
  }
  await setupEnglish(["wheel", "missions", "validation"]);
}

/** The platform config with a LuckyWheel and an AirdropDistributor on the local chain. */
export function wheelPlatformConfig() {
  return platformConfig({
    wheel: { contracts: [{ chainId: 31337, address: "0x0165878A594ca255338adfa4d48449f69242Eb8F" }] },
    airdrop: { distributors: [{ chainId: 31337, address: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9" }] },
  });
}

/**
 * Renders `element` inside the app's providers and a memory router at `path`; `others` are more routes (where a
 * navigation lands).
 */
export function renderWithApp(element: ReactNode, path = "/game/3", others: RouteObject[] = []) {
  return renderInApp(element, path, others);
}
