// T8 for the reads of badges, generated from the route table: programmes, badges, drops, token metadata and images
// are public; what a read says about a wallet (progress, mint state, balance) is always the caller's own, so another
// wallet, or nobody, never reads the player's.
import type { Achievements, BadgeDetail, MintVoucher, RecordedMint } from "@dropfair/schemas/badges";
import { describe, expect, it } from "vitest";
import {
  adminToken,
  call,
  chain,
  context,
  grantPoints,
  growthId,
  mintOnChain,
  player,
  seededBadge,
  useBadgesApi,
} from "./badges-helper.ts";
import { documentedRoutes } from "./route-table.ts";

useBadgesApi();

/** Every read route of badges; each is called below anonymously, by another wallet and by the player. */
const reads = [
  "/api/bounty/badges/achievements",
  "/api/bounty/badges/artwork/{name}",
  "/api/bounty/badges/badges/{badgeId}",
  "/api/bounty/badges/drops",
  "/api/bounty/badges/images/{imageId}",
  "/api/bounty/badges/metadata/{chainId}/{tokenId}",
  "/api/bounty/badges/programmes",
];

const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe("reads of badges (T8)", () => {
  it("cover every read route of the route table", async () => {
    const documented = await documentedRoutes(context.app, {
      methods: ["get"],
      prefix: "/api/bounty/badges",
    });
    expect(documented).toEqual(reads.map((path) => `GET ${path}`).sort());
  });

  it("answer anyone with the public record, and tell each caller only about the caller", async () => {
    const owner = await player(5);
    const other = await player(6);
    await grantPoints(owner.account.address, 25);
    const badge = await seededBadge("First steps");
    const voucher = await call<MintVoucher>("POST", `/badges/${badge.id}/voucher`, { token: owner.token });
    const txHash = await mintOnChain(owner.account, voucher.body.content);
    const [minted] = (
      await call<RecordedMint[]>("POST", "/mints", {
        token: owner.token,
        body: { chainId: chain.chainId, txHash },
      })
    ).body.content;
    const withImage = await call<BadgeDetail>("PUT", `/badges/${badge.id}/image`, {
      token: adminToken,
      body: { image: `data:image/png;base64,${png.toString("base64")}` },
    });
    const imagePath = withImage.body.content.badge.image;
    expect(imagePath).toMatch(/^\/api\/bounty\/badges\/images\/\d+$/);
    const urls: Record<string, string> = {
      "/api/bounty/badges/achievements": `/api/bounty/badges/achievements?programme=${growthId}`,
      "/api/bounty/badges/artwork/{name}": "/api/bounty/badges/artwork/sbt.svg",
      "/api/bounty/badges/badges/{badgeId}": `/api/bounty/badges/badges/${badge.id}`,
      "/api/bounty/badges/drops": "/api/bounty/badges/drops",
      "/api/bounty/badges/images/{imageId}": imagePath,
      "/api/bounty/badges/metadata/{chainId}/{tokenId}": `/api/bounty/badges/metadata/${chain.chainId}/${minted!.tokenId}`,
      "/api/bounty/badges/programmes": "/api/bounty/badges/programmes",
    };
    const stateSeenBy = async (token: string | undefined) => {
      const detail = await context.app.inject({
        url: urls["/api/bounty/badges/badges/{badgeId}"]!,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      const page = await context.app.inject({
        url: urls["/api/bounty/badges/achievements"]!,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      const achievements = page.json().content as Achievements;
      return {
        detail: (detail.json().content as BadgeDetail).badge.state,
        listed: achievements.badges.find((entry) => entry.id === badge.id)?.state,
        balance: achievements.balance,
        mintedSbt: achievements.mintedSbt,
      };
    };
    for (const route of reads) {
      for (const [who, token] of [
        ["anonymous", undefined],
        ["another wallet", other.token],
        ["the player", owner.token],
      ] as const) {
        const response = await context.app.inject({
          url: urls[route]!,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        expect(response.statusCode, `${who} ${route}`).toBe(200);
      }
    }
    expect(await stateSeenBy(owner.token)).toEqual({
      detail: "minted",
      listed: "minted",
      balance: 1,
      mintedSbt: 1,
    });
    for (const token of [undefined, other.token]) {
      expect(await stateSeenBy(token)).toEqual({
        detail: "locked",
        listed: "locked",
        balance: 0,
        mintedSbt: 0,
      });
    }
  });
});
