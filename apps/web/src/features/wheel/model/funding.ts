import type { WheelGameDetail, WheelPrize } from "@dropfair/schemas/wheel";
import type { Address } from "viem";

/** How long after the game's end the winners can still claim a funded prize. */
export const prizeClaimDays = 7;

/** A token or NFT prize the viewer can fund now: the game's manager, the prize not funded, the game not started. */
export function canFund(game: WheelGameDetail, prize: WheelPrize): boolean {
  const fundable = prize.kind === "token" || prize.kind === "nft";
  return game.canManage && game.status === 0 && fundable && !prize.funded && !!game.distributor;
}

/** How many NFTs an NFT prize takes: one per win (its amount is 1). */
export function nftsNeeded(prize: Pick<WheelPrize, "amount" | "count">): number {
  return Number(BigInt(prize.amount) * BigInt(prize.count ?? 0));
}

/**
 * The campaign that pays a token or NFT prize, as the API checks it: the prize's token or collection, every win's
 * amount deposited (amount in base units × count; one NFT per win), open from the game's start until `prizeClaimDays` after its end.
 */
export function prizeCampaignOf(game: Pick<WheelGameDetail, "startAt" | "endAt">, prize: WheelPrize) {
  const seconds = (iso: string) => BigInt(Math.floor(new Date(iso).getTime() / 1000));
  return {
    token: prize.token as Address,
    deposit: BigInt(prize.amount) * BigInt(prize.count ?? 0),
    start: seconds(game.startAt),
    end: seconds(game.endAt) + BigInt(prizeClaimDays * 86_400),
  };
}
