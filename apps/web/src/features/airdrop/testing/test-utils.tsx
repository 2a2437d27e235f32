/**
 * What the airdrop feature's component tests share: wire fixtures, a viewer, the translations and the wizard
 * mounted in a memory router. Only *.test.tsx files import this module, so it never reaches the app bundle.
 */
import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import type { PlatformConfig } from "@dropfair/schemas/platform";
import { act, render } from "@testing-library/react";
import { Suspense } from "react";
import { createMemoryRouter, RouterProvider, useParams } from "react-router";
import { vi } from "vitest";
import { createQueryClient } from "../../../shared/api/query-client";
import { i18n, initI18n } from "../../../shared/i18n/i18n";
import { platformConfig as sandboxPlatformConfig } from "../../../shared/testing/platform-config";
import { MessageDialog } from "../../../shared/ui/message-dialog";
import { Providers } from "../../../testing/providers";
import { AirdropWizardPage } from "../components/airdrop-wizard-page";
import type { AirdropViewer } from "../model/integrations";

/** The wallet that creates the fixtures' airdrops and is signed in as the test viewer. */
export const creatorAddress = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";

/** The sandbox platform: the local chain (31337) with an AirdropDistributor on it. */
export function platformConfig(overrides: Partial<PlatformConfig> = {}): PlatformConfig {
  return sandboxPlatformConfig({
    airdrop: { distributors: [{ chainId: 31337, address: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9" }] },
    ...overrides,
  });
}

/** Airdrop 5 as its creator sees it: a token draft on the sandbox chain with no list yet. */
export function airdropDetail(overrides: Partial<AirdropDetail> = {}): AirdropDetail {
  const status = overrides.status ?? 0;
  return {
    // Both clocks agree by default: claiming is open in progress, refunding outside the window.
    chainTime: null,
    claimOpen: status === 2,
    refundOpen: status === 1 || status === 3,
    id: 5,
    title: "Launch drop",
    creator: creatorAddress,
    status: 0,
    idType: "wallet",
    rewardType: "token",
    mode: "all",
    chainId: 31337,
    tokenAddress: null,
    tokenSymbol: null,
    tokenDecimals: null,
    hasLogo: false,
    totalAmount: null,
    claimableAmount: null,
    participantCount: 0,
    claimCount: 0,
    startAt: "2030-01-01T10:00:00.000Z",
    endAt: "2030-01-08T10:00:00.000Z",
    posterStyle: "classic",
    description: "",
    customToken: false,
    shares: null,
    totalWeight: 0,
    discordGuildId: null,
    discordRoleId: null,
    telegramChatId: null,
    isCreator: true,
    editable: true,
    prepared: false,
    merkleRoot: null,
    amountPerShare: null,
    requiredDeposit: null,
    undistributed: null,
    campaignParams: null,
    distributorAddress: null,
    campaignId: null,
    deposited: "0",
    claimedAmount: "0",
    refundedAmount: null,
    refundedAt: null,
    releasedAt: null,
    createdAt: "2029-12-01T00:00:00.000Z",
    updatedAt: "2029-12-01T00:00:00.000Z",
    ...overrides,
  };
}

/** The NFT collection of the sandbox (DFNFT, no decimals). */
export const nftCollectionAddress = "0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9";

/** Airdrop 5 as an NFT draft on the sandbox's DFNFT collection; `overrides` add its list, preparation, funding. */
export function nftAirdropDetail(overrides: Partial<AirdropDetail> = {}): AirdropDetail {
  return airdropDetail({
    title: "NFT drop",
    rewardType: "nft",
    tokenAddress: nftCollectionAddress,
    tokenSymbol: "DFNFT",
    tokenDecimals: 0,
    ...overrides,
  });
}

/** An API answer in the `{content, typeCode, message}` envelope; by default a success (typeCode 1, 200). */
export function envelope(
  content: unknown,
  { typeCode = 1, message = "", status = 200 }: { typeCode?: number; message?: string; status?: number } = {},
) {
  return new Response(JSON.stringify({ content, typeCode, message }), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/** The creator, signed in with their wallet, with no X account and no Discord or Telegram bound. */
export function testViewer(overrides: Partial<AirdropViewer> = {}): AirdropViewer {
  return {
    walletAddress: creatorAddress,
    canLogin: true,
    login: vi.fn(),
    xAccount: { signedIn: false },
    signInWithX: vi.fn(),
    socialLinks: { discord: { bound: false }, telegram: { bound: false } },
    bindControl: () => null,
    ...overrides,
  };
}

/** For `beforeAll`: the English airdrop and validation translations, plus `extraNamespaces`. */
export async function setupAirdropI18n(extraNamespaces: string[] = []) {
  // happy-dom has no FontFaceSet; Mantine's autosizing textarea listens on it.
  if (!("fonts" in document)) {
    Object.defineProperty(document, "fonts", {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {} },
    });
  }
  await initI18n("en");
  await act(() => i18n.loadNamespaces(["airdrop", "validation", ...extraNamespaces]));
}

function NewAirdropWizard({ viewer }: { viewer: AirdropViewer }) {
  return (
    <Suspense fallback={null}>
      <AirdropWizardPage id={undefined} viewer={viewer} />
    </Suspense>
  );
}

function SavedAirdropWizard({ viewer }: { viewer: AirdropViewer }) {
  const { id } = useParams();
  return (
    <Suspense fallback={null}>
      <AirdropWizardPage id={id} viewer={viewer} />
    </Suspense>
  );
}

/**
 * Renders the wizard at `path` (with the router `state`, e.g. `{ step: 2 }`) inside the app's providers. The
 * list and campaign pages it leaves for are placeholders; returns the router to navigate and read the location.
 */
export function renderWizardAt(
  path: string,
  { state, viewer = testViewer() }: { state?: unknown; viewer?: AirdropViewer } = {},
) {
  const router = createMemoryRouter(
    [
      { path: "/airdrop", element: <p>list</p> },
      { path: "/airdrop/create", element: <NewAirdropWizard viewer={viewer} /> },
      { path: "/airdrop/create/:id", element: <SavedAirdropWizard viewer={viewer} /> },
      { path: "/airdrop/:id", element: <p>campaign page</p> },
    ],
    { initialEntries: [{ pathname: path, state }] },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <MessageDialog />
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}
