import { useMatches } from "react-router";
import type { Locale } from "../shared/i18n/locale";

export type LayoutName = "bounty" | "default" | "home" | "pro" | "common";

/** Route meta, kept in react-router's `handle`. */
export type RouteHandle = {
  /** The route name (a key of `paths`, or `partner:{slug}`). */
  name?: string;
  locale?: Locale;
  layout?: LayoutName;
  /** The route's network: a value selects that chain, '' clears it, absence means the default chain. */
  network?: string;
  /** Opt out of scroll-to-top on navigation. */
  keepScroll?: boolean;
  /** The feature the page belongs to, for the coming-soon panel and the page title. */
  feature?: string;
  /** A partner activity route: the partner's slug. */
  partner?: string;
};

function isHandle(value: unknown): value is RouteHandle {
  return typeof value === "object" && value !== null;
}

/** The merged handle of the matched routes; deeper routes win. */
export function mergeHandles(matches: readonly { handle?: unknown }[]): RouteHandle {
  const merged: RouteHandle = {};
  for (const match of matches) {
    if (isHandle(match.handle)) Object.assign(merged, match.handle);
  }
  // `network` is a leaf-only rule: absence on the leaf means the default chain, so a parent's value must not leak.
  const leaf = matches.at(-1)?.handle;
  if (!isHandle(leaf) || !("network" in leaf)) delete merged.network;
  return merged;
}

export function useRouteHandle(): RouteHandle {
  return mergeHandles(useMatches());
}
