import { formatCompact, formatNumber, formatTokenAmount } from "@dropfair/core/format";
import type { WheelPrize, WheelStage } from "@dropfair/schemas/wheel";
import { wheelStatuses } from "@dropfair/schemas/wheel";
import { htmlLang, type Locale } from "../../../shared/i18n/locale";

export type WheelStatusKey = keyof typeof wheelStatuses;

/** The catalogue key part of a game status (`status.{key}`); an unknown value reads as an error. */
export function statusKey(status: number): WheelStatusKey {
  const entry = Object.entries(wheelStatuses).find(([, value]) => value === status);
  return entry ? (entry[0] as WheelStatusKey) : "error";
}

export const statusColors: Record<WheelStatusKey, string> = {
  created: "gray",
  notStarted: "blue",
  running: "jade",
  closed: "orange",
  ended: "dark",
  error: "red",
};

/** A catalogue key (under the wheel namespace) and its values. */
export type Worded = { key: string; values: Record<string, string> };

/**
 * How a prize is worded: the creator's label when it has one, else from its kind ("50 EP", "5.00 DFT", "NFT ×1",
 * "Nothing"). Token amounts come in base units and are shown with the token's decimals; every amount and count is
 * grouped by thousands the locale's way ("600,000.00 DFT", "100,000 EP").
 */
export function prizeWording(
  prize: Pick<WheelPrize, "kind" | "label" | "amount" | "tokenSymbol" | "tokenDecimals">,
  pointName: string,
  locale: Locale,
): Worded | { text: string } {
  if (prize.label.trim() !== "") return { text: prize.label };
  return kindWording(prize, prize.amount, pointName, locale);
}

/** A prize kind with an amount (a single prize's, or a claim row's total). */
export function kindWording(
  prize: Pick<WheelPrize, "kind" | "tokenSymbol" | "tokenDecimals">,
  amount: string,
  pointName: string,
  locale: Locale,
): Worded {
  switch (prize.kind) {
    case "ep":
      return { key: "prizes.ep", values: { amount: wholeNumber(amount, locale), pointName } };
    case "token":
      return {
        key: "prizes.token",
        values: {
          amount: /^\d+$/.test(amount) ? tokenAmount(BigInt(amount), prize.tokenDecimals ?? 0) : amount,
          symbol: prize.tokenSymbol ?? "",
        },
      };
    case "nft":
      return { key: "prizes.nft", values: { count: wholeNumber(amount, locale) } };
    default:
      return { key: "prizes.nothing", values: {} };
  }
}

/**
 * A prize as its wheel slice shows it: the same words, with a token or EP amount of 1,000 or more in compact form
 * ("600K DFT", "1.5M EP") so the symbol still fits the slice (the prize list shows the amount whole).
 */
export function sliceWording(
  prize: Pick<WheelPrize, "kind" | "label" | "amount" | "tokenSymbol" | "tokenDecimals">,
  pointName: string,
  locale: Locale,
): Worded | { text: string } {
  const worded = prizeWording(prize, pointName, locale);
  if ("text" in worded || (prize.kind !== "token" && prize.kind !== "ep") || !/^\d+$/.test(prize.amount))
    return worded;
  const plain =
    prize.kind === "token" ? formatTokenAmount(BigInt(prize.amount), prize.tokenDecimals ?? 0) : prize.amount;
  if ((plain.split(".")[0] ?? "").length < 4) return worded;
  return { key: worded.key, values: { ...worded.values, amount: formatCompact(plain) } };
}

/**
 * Base units as the platform shows token amounts (core's formatNumber, on the exact decimal string, never a float):
 * grouped by thousands, 2 decimals, up to 6 below 1, truncated so an amount never looks bigger ("600,000.00").
 * English and Chinese both group with commas.
 */
export function tokenAmount(baseUnits: bigint, decimals: number): string {
  return formatNumber(formatTokenAmount(baseUnits, decimals));
}

/** A whole number (EP, a count of NFTs or wins) grouped the locale's way ("100,000"); exact, read as a bigint. */
export function wholeNumber(value: string | number, locale: Locale): string {
  const text = String(value);
  return /^\d+$/.test(text) ? BigInt(text).toLocaleString(htmlLang[locale]) : text;
}

/**
 * A prize's chance while none is used up, as a percentage with at most two decimals ("62.5"); a chance that would
 * round to 0 or 100 without being it reads "<0.01" or ">99.99".
 */
export function prizeOdds(
  prize: Pick<WheelPrize, "weight">,
  prizes: readonly Pick<WheelPrize, "weight">[],
): string {
  const total = prizes.reduce((sum, candidate) => sum + candidate.weight, 0);
  if (total <= 0) return "0";
  const percent = Math.round((prize.weight / total) * 10_000) / 100;
  if (percent === 0 && prize.weight > 0) return "<0.01";
  if (percent === 100 && prize.weight < total) return ">99.99";
  return String(percent);
}

/** The lottery stages in order; a spin shows each one done, current or to come. */
export const lotteryStages = ["drawing", "dispatching", "completed"] as const satisfies readonly WheelStage[];

/**
 * How far along a spin is: the index of its current stage in `lotteryStages` (0 while drawing). A prize with
 * nothing to send skips dispatching: completed is the last step either way.
 */
export function stageStep(stage: WheelStage | "issued"): number {
  if (stage === "issued") return 0;
  return lotteryStages.indexOf(stage);
}

/** Each prize takes an equal slice of the wheel, in the game's order, clockwise from the pointer at the top. */
export function sliceAngle(prizeCount: number): number {
  return prizeCount > 0 ? 360 / prizeCount : 360;
}

/** How many whole turns a spin makes before it settles (the animation only; the server decided). */
export const spinTurns = 5;

/**
 * The wheel's next rotation (degrees, clockwise, always more than `current`) that brings the middle of slice
 * `index` under the pointer at the top after `spinTurns` whole turns.
 */
export function landingRotation(current: number, index: number, prizeCount: number): number {
  const slice = sliceAngle(prizeCount);
  const middle = index * slice + slice / 2;
  // After rotating by r, the slice's middle sits at (middle + r) mod 360; the pointer is at 0.
  const wanted = (((-middle - current) % 360) + 360) % 360;
  return current + spinTurns * 360 + wanted;
}

/** The SVG path of slice `index` of a wheel of `count` slices, centred at (r, r). */
export function slicePath(index: number, count: number, radius: number): string {
  if (count <= 1) {
    return `M ${radius} 0 A ${radius} ${radius} 0 1 1 ${radius - 0.01} 0 Z`;
  }
  const slice = sliceAngle(count);
  const point = (degrees: number) => {
    const radians = ((degrees - 90) * Math.PI) / 180;
    return `${round(radius + radius * Math.cos(radians))} ${round(radius + radius * Math.sin(radians))}`;
  };
  const large = slice > 180 ? 1 : 0;
  return `M ${radius} ${radius} L ${point(index * slice)} A ${radius} ${radius} 0 ${large} 1 ${point((index + 1) * slice)} Z`;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** "0x1234…abcd" for hashes in tables; the full value stays in the title and the copy button. */
export function shortHash(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash;
}

/** Why a game stopped (status 10), as a catalogue key and its values; `game.errorReason` from the API. */
export function errorReasonWording(
  reason: string,
  prizes: readonly Pick<WheelPrize, "id">[],
): { key: string; values: Record<string, string | number> } {
  const withdrawn = /^fundingWithdrawn:([^:]+):([a-z]+)$/.exec(reason);
  if (!withdrawn) return { key: "game.errorUnknown", values: {} };
  const position = prizes.findIndex((prize) => prize.id === withdrawn[1]);
  const what = withdrawn[2] === "refunded" || withdrawn[2] === "deposit" ? withdrawn[2] : "changed";
  return {
    key: `game.fundingWithdrawn.${what}`,
    values: { prize: position >= 0 ? position + 1 : (withdrawn[1] ?? "") },
  };
}
