/** The full share link: the app's origin, the locale prefix (cn) and the route that reads a parent code. */
export function shareUrl(origin: string, localizedSharePath: string): string {
  return `${origin.replace(/\/+$/, "")}${localizedSharePath}`;
}

type Clipboard = { writeText(text: string): Promise<void> } | null | undefined;

/** Copies text; false when the browser refuses (no clipboard, no permission, not a secure page). */
export async function copyText(
  text: string,
  clipboard: Clipboard = globalThis.navigator?.clipboard,
): Promise<boolean> {
  if (!clipboard) return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** How many pages of `pageSize` rows hold `total` rows (at least one). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
