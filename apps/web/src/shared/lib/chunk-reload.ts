import { sessionStore } from "./storage";

const markerKey = "dropfair.chunk-reload";
/** The reload marker lives 10 seconds, so a broken deployment cannot reload in a loop. */
export const reloadMarkerTtlMs = 10_000;

const chunkErrorPatterns = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading chunk [\w-]+ failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return chunkErrorPatterns.some((pattern) => pattern.test(message));
}

/**
 * After a deployment, old chunk names vanish: reload once to pick up the new build. Returns whether a reload
 * was started; a second failure within the marker's lifetime is left to the error page.
 */
export function reloadOnceForChunkError(now = Date.now(), reload = () => window.location.reload()): boolean {
  const marker = Number(sessionStore.get(markerKey));
  if (Number.isFinite(marker) && marker > 0 && now - marker < reloadMarkerTtlMs) return false;
  sessionStore.set(markerKey, String(now));
  reload();
  return true;
}

/** Vite reports failed preloads of lazy chunks with this event. */
export function installChunkErrorReload() {
  window.addEventListener("vite:preloadError", (event) => {
    if (reloadOnceForChunkError()) event.preventDefault();
  });
}
