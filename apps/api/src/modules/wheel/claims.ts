// Claims: a player's wins per prize. EP was credited when the spin was recorded; token and NFT prizes are claimed
// from the AirdropDistributor campaign that funds them, with a platform voucher for the signed-in wallet (one
// voucher for all unclaimed wins of a token prize, one per NFT). Asking again before the voucher is used gets the
// same nonce and amount; a used nonce means the claim went through.
import type { WheelClaims, WheelClaimVoucher } from "@dropfair/schemas/wheel";
import { type Address, type Hex, isAddressEqual } from "viem";
import { signClaimVoucher } from "../airdrop/index.ts";
import { claimedLogsOf, isClaimNonceUsed, readReceipt } from "./chain.ts";
import type { Actor, WheelDependencies } from "./dependencies.ts";
import { wheelErrors } from "./errors.ts";
import { loadGameState } from "./games.ts";
import * as repository from "./repository.ts";

type Session = NonNullable<Actor>;

export async function claimsOf(
  dependencies: WheelDependencies,
  actor: Session,
  gameId: number,
): Promise<WheelClaims> {
  const { db } = dependencies;
  const { game, prizes } = await loadGameState(dependencies, gameId);
  const wins = await repository.winsOf(db, gameId, actor.userId);
  const rows = wins.flatMap((win) => {
    const prize = prizes.find((candidate) => candidate.prizeId === win.prizeId);
    if (!prize || prize.kind === "nothing") return [];
    const pending = win.won - win.completed;
    const state =
      prize.kind === "ep"
        ? ("credited" as const)
        : pending === 0
          ? ("claimed" as const)
          : win.claiming === pending
            ? ("claiming" as const)
            : ("claimable" as const);
    return [
      {
        prizeId: prize.prizeId,
        kind: prize.kind,
        count: win.won,
        total: (BigInt(prize.amount) * BigInt(win.won)).toString(),
        chainId: game.chainId,
        endTime: prize.claimableUntil?.toISOString() ?? null,
        claimTime: win.lastCompletedAt?.toISOString() ?? null,
        state,
      },
    ];
  });
  return { rows };
}

function distributorOf(dependencies: WheelDependencies, chainId: number) {
  const distributor = dependencies.distributors[chainId];
  const client = dependencies.chainClient(chainId);
  if (!distributor || !client) throw wheelErrors.chainUnsupported(chainId);
  return { distributor, client };
}

/** A claim voucher for the player's unclaimed wins of one token or NFT prize. */
export async function requestClaim(
  dependencies: WheelDependencies,
  actor: Session,
  gameId: number,
  prizeId: string,
): Promise<WheelClaimVoucher> {
  const { db, now, claimSigner } = dependencies;
  if (!claimSigner) throw wheelErrors.signerMissing();
  const { game, prizes } = await loadGameState(dependencies, gameId);
  const prize = prizes.find((candidate) => candidate.prizeId === prizeId);
  if (!prize || (prize.kind !== "token" && prize.kind !== "nft")) throw wheelErrors.nothingToClaim();
  if (prize.distributorCampaignId === null || prize.claimableUntil === null)
    throw wheelErrors.nothingToClaim();
  if (now() >= prize.claimableUntil) throw wheelErrors.alreadyOver();
  const { distributor, client } = distributorOf(dependencies, game.chainId);
  const campaignId = BigInt(prize.distributorCampaignId);
  const open = await repository.openClaim(db, gameId, actor.userId, prizeId);
  // A voucher already given out that the chain has used: that claim is done, and a new one may follow.
  if (open && (await isClaimNonceUsed(client, distributor, campaignId, BigInt(open.id)))) {
    await db.transaction((tx) => repository.completeClaim(tx, open.id, null, now()));
  }
  const claim = await db.transaction(async (tx) => {
    const current = await repository.openClaim(tx, gameId, actor.userId, prizeId);
    if (current) return current;
    const spins = await repository.unclaimedSpins(tx, gameId, actor.userId, prizeId);
    // An NFT campaign pays one token per voucher.
    const covered = prize.kind === "nft" ? spins.slice(0, 1) : spins;
    if (covered.length === 0) throw wheelErrors.nothingToClaim();
    const row = await repository.insertClaim(tx, {
      gameId,
      userId: actor.userId,
      prizeId,
      account: actor.address,
      amount: (BigInt(prize.amount) * BigInt(covered.length)).toString(),
      createdAt: now(),
    });
    await repository.attachSpinsToClaim(
      tx,
      row.id,
      covered.map((spin) => spin.id),
    );
    return row;
  });
  return signClaimVoucher(claimSigner, { chainId: game.chainId, distributor, campaignId }, claim, {
    now: now(),
    ttlSeconds: dependencies.voucherTtlSeconds,
    claimableUntil: prize.claimableUntil,
  });
}

/** The player reports the claim transaction: its Claimed event settles the claim and its spins. */
export async function reportClaimTransaction(
  dependencies: WheelDependencies,
  actor: Session,
  gameId: number,
  claimId: number,
  txHash: Hex,
): Promise<WheelClaims> {
  const { db, now } = dependencies;
  const { game, prizes } = await loadGameState(dependencies, gameId);
  const claim = await repository.lockClaim(db, claimId);
  if (!claim || claim.gameId !== gameId) throw wheelErrors.notFound();
  if (claim.userId !== actor.userId) throw wheelErrors.notYourSpin();
  if (claim.claimedAt === null) {
    const prize = prizes.find((candidate) => candidate.prizeId === claim.prizeId)!;
    const { distributor, client } = distributorOf(dependencies, game.chainId);
    const receipt = await readReceipt(client, txHash);
    const claimed = claimedLogsOf(receipt, distributor as Address, BigInt(prize.distributorCampaignId!)).some(
      (args) => args.claimId === BigInt(claim.id) && isAddressEqual(args.account, claim.account),
    );
    if (!claimed) throw wheelErrors.transaction("transactionUnrelated");
    await db.transaction(async (tx) => {
      const locked = await repository.lockClaim(tx, claimId);
      if (locked?.claimedAt === null) await repository.completeClaim(tx, claimId, txHash, now());
    });
  }
  return claimsOf(dependencies, actor, gameId);
}
