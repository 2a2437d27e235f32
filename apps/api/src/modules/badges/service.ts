// The badges module's use cases behind one object, for the routes and the composition root.
import type { Session } from "../../platform/auth.ts";
import { achievements, badgeDetail, drops, programmes } from "./achievements.ts";
import { artworkSvg } from "./artwork.ts";
import type { BadgeActor, BadgesDependencies } from "./dependencies.ts";
import { badgeErrors } from "./errors.ts";
import { createBadge, createProgramme, editBadge, editProgramme, setImage, setList } from "./manage.ts";
import { reportMint } from "./mints.ts";
import { findBadge, findImage, findMintByToken } from "./repository.ts";
import { type BadgeSeedSettings, seedProgrammes } from "./seed.ts";
import { tokenMetadata } from "./views.ts";
import { issueVoucher, issueVouchers } from "./vouchers.ts";

const actorOf = (session: Session | null): BadgeActor | null =>
  session ? { userId: session.userId, address: session.address } : null;

export function createBadgesService(dependencies: BadgesDependencies) {
  const { db } = dependencies;
  return {
    seed: (settings: BadgeSeedSettings) => seedProgrammes(dependencies, settings),
    achievements: (session: Session | null, programme?: string) =>
      achievements(dependencies, actorOf(session), programme),
    badge: (session: Session | null, badgeId: number) => badgeDetail(dependencies, actorOf(session), badgeId),
    programmes: () => programmes(dependencies),
    drops: () => drops(dependencies),
    voucher: (session: Session, badgeId: number) => issueVoucher(dependencies, actorOf(session)!, badgeId),
    vouchers: (session: Session, filter: { programme?: string; chainId?: number }) =>
      issueVouchers(dependencies, actorOf(session)!, filter),
    reportMint: (session: Session, report: { chainId: number; txHash: string }) =>
      reportMint(dependencies, actorOf(session)!, report),

    /** A token's ERC-721 metadata; only tokens recorded from our contract on that chain. */
    async metadata(chainId: number, tokenId: string) {
      const contract = dependencies.contracts[chainId];
      if (!contract) throw badgeErrors.notFound();
      const mint = await findMintByToken(db, { chainId, contractAddress: contract, tokenId });
      const badge = mint ? await findBadge(db, mint.badgeId) : undefined;
      if (!mint || !badge) throw badgeErrors.notFound();
      return tokenMetadata(badge, mint, dependencies.origin);
    },
    artwork(name: string): string {
      const svg = artworkSvg(name.replace(/\.svg$/, ""));
      if (!svg) throw badgeErrors.notFound();
      return svg;
    },
    async image(imageId: number) {
      const image = await findImage(db, imageId);
      if (!image) throw badgeErrors.notFound();
      return image;
    },

    createProgramme: (actor: Session, body: Parameters<typeof createProgramme>[2]) =>
      createProgramme(dependencies, actor, body),
    editProgramme: (actor: Session, code: string, body: Parameters<typeof editProgramme>[3]) =>
      editProgramme(dependencies, actor, code, body),
    createBadge: (actor: Session, code: string, body: Parameters<typeof createBadge>[3]) =>
      createBadge(dependencies, actor, code, body),
    editBadge: (actor: Session, badgeId: number, body: Parameters<typeof editBadge>[3]) =>
      editBadge(dependencies, actor, badgeId, body),
    setList: (actor: Session, badgeId: number, addresses: readonly string[]) =>
      setList(dependencies, actor, badgeId, addresses),
    setImage: (actor: Session, badgeId: number, dataUrl: string) =>
      setImage(dependencies, actor, badgeId, dataUrl),
  };
}

export type BadgesService = ReturnType<typeof createBadgesService>;
