/** How long a reload marker lives: a second click within it sends no second request. */
export const reloadMarkerTtlMs = 10_000;

const markerKey = (campaignId: number) => `dropfair.tips.reload.${campaignId}`;

/**
 * Sets the campaign's reload marker unless a live one exists. Answers true when this caller may send the reload,
 * false when one was sent less than 10 seconds ago (from this tab or another: the marker is in localStorage).
 */
export function claimReloadMarker(
  campaignId: number,
  now: number = Date.now(),
  storage: Storage = localStorage,
) {
  const key = markerKey(campaignId);
  try {
    const previous = Number(storage.getItem(key));
    if (Number.isFinite(previous) && previous > 0 && now - previous < reloadMarkerTtlMs) return false;
    storage.setItem(key, String(now));
  } catch {
    // Storage refused (private mode): the server's own limit still holds.
  }
  return true;
}
