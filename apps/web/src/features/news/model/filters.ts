// The drops and daily filters live in the URL (category, status, days, keyword, page), so a filtered list can
// be shared and the menu's search box (which sets `keyword`) drives it.
import { type DropStatus, type DropWindowDays, dropWindowDays, normalizeKeyword } from "@dropfair/core/news";

export type DropsFilters = {
  category?: string | undefined;
  status?: DropStatus | undefined;
  days?: DropWindowDays | undefined;
  keyword: string;
  page: number;
};

const statuses: readonly number[] = [0, 1, 2];

function numberParam(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name);
  if (raw === null || !/^\d{1,6}$/.test(raw)) return undefined;
  return Number(raw);
}

/** The filters a URL holds; anything unreadable is left out. `defaults.days` applies when `days` is absent. */
export function filtersFromSearch(
  params: URLSearchParams,
  defaults: { days?: DropWindowDays } = {},
): DropsFilters {
  const category = params.get("category") ?? "";
  const status = numberParam(params, "status");
  const days = numberParam(params, "days");
  const page = numberParam(params, "page");
  return {
    category: /^[a-z0-9][a-z0-9-]{0,29}$/.test(category) ? category : undefined,
    status: status !== undefined && statuses.includes(status) ? (status as DropStatus) : undefined,
    days:
      days !== undefined && (dropWindowDays as readonly number[]).includes(days)
        ? (days as DropWindowDays)
        : defaults.days,
    keyword: normalizeKeyword(params.get("keyword")),
    page: page !== undefined && page >= 1 && page <= 100 ? page : 1,
  };
}

/**
 * The URL after changing some filters: other parameters stay, and any change but the page goes back to page 1.
 */
export function searchWithFilters(current: URLSearchParams, change: Partial<DropsFilters>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [name, value] of Object.entries(change)) {
    if (value === undefined || value === "" || (name === "page" && value === 1)) next.delete(name);
    else next.set(name, String(value));
  }
  if (!("page" in change)) next.delete("page");
  return next;
}
