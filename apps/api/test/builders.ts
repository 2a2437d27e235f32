// Request bodies the API tests build again and again, with defaults a test overrides field by field.

/** `date` with seconds and milliseconds cut off: airdrop times are whole minutes. */
export function minuteFloor(date: Date): Date {
  const copy = new Date(date);
  copy.setUTCSeconds(0, 0);
  return copy;
}

/**
 * The body of `POST /api/bounty/airdrop`: a token-reward draft titled "Community drop" that starts at the current
 * minute of `now` and lasts `minutes` (a day by default). `fields` are added last, so they win.
 */
export function airdropDraftBody(
  fields: Record<string, unknown> = {},
  { now = new Date(), minutes = 24 * 60 }: { now?: Date; minutes?: number } = {},
): Record<string, unknown> {
  const start = minuteFloor(now);
  return {
    title: "Community drop",
    startAt: start.toISOString(),
    endAt: new Date(start.getTime() + minutes * 60_000).toISOString(),
    rewardType: "token",
    ...fields,
  };
}
