import type { XSignInResult } from "@dropfair/schemas/auth";
import { configureApiClient } from "../../../shared/api/client";
import { i18n } from "../../../shared/i18n/i18n";
import { startOAuthRedirect } from "../../../shared/lib/oauth-redirect";
import { sessionStore as tabStorage } from "../../../shared/lib/storage";
import { authorizeX } from "../api/authorize";
import { finishXSignIn } from "../api/callback";
import { postXLogout } from "../api/logout";
import { clearXAuthCookie, readXAuth, writeXAuthCookie } from "./x-auth-cookie";
import { xAuthStore } from "./x-auth-store";

/** Where the sign-in started, kept in this tab so a failed return page can offer "try again" to the same place. */
const returnToKey = "dropfair.x-sign-in.return-to";

let initialised = false;

/**
 * Restores the X sign-in from its cookie for the configured project and lets the API client send its token
 * (`X-Twitter-Token`, and the bearer of the bounty API when no wallet is signed in).
 */
export function initXAuth(project: string) {
  if (initialised) return;
  initialised = true;
  xAuthStore.set({ project });
  configureApiClient({ twitterToken: () => xAuthStore.get().twitterToken });
  const live = readXAuth(project);
  if (live) xAuthStore.set({ twitterId: live.account, twitterToken: live.token });
  else clearXAuthCookie(project);
}

/** The page the browser shows now, with its locale prefix: where a sign-in comes back to by default. */
export function currentAppPath() {
  return `${window.location.pathname}${window.location.search}`;
}

/** Where the last sign-in of this tab started, if any (for "try again" on the return page). */
export function pendingXReturnTo(): string | undefined {
  return tabStorage.get(returnToKey);
}

/**
 * "Sign in with X": asks the API for X's consent page and sends the browser there; X brings it back to
 * /auth/twitter, which finishes the sign-in and returns to `returnTo` (a path of this site with its locale
 * prefix; default: the current page). Failures to start are shown in the message dialog; resolves false then.
 */
export function startXSignIn(returnTo: string = currentAppPath()): Promise<boolean> {
  return startOAuthRedirect({
    returnToKey,
    returnTo,
    authorize: () => authorizeX({ returnTo }),
    failureTitle: () => i18n.t("xAuth.startFailed"),
  });
}

const finishing = new Map<string, Promise<XSignInResult>>();

/**
 * Finishes the sign-in X sent the browser back with: stores the X auth cookie (it lives 7 days) and the
 * store's twitterId/twitterToken. A state is finished once per page load, however often it is asked (React
 * may run effects twice); the server refuses a second use anyway.
 */
export function completeXSignIn(input: { state: string; code: string }): Promise<XSignInResult> {
  const known = finishing.get(input.state);
  if (known) return known;
  const promise = finishXSignIn(input).then((result) => {
    const project = xAuthStore.get().project ?? result.project;
    writeXAuthCookie(project, { expireAt: result.expireAt, account: result.account.id, token: result.token });
    xAuthStore.set({ project, twitterId: result.account.id, twitterToken: result.token });
    tabStorage.remove(returnToKey);
    return result;
  });
  finishing.set(input.state, promise);
  return promise;
}

/** Forgets the X sign-in of this browser (cookie and store). Returns whether there was one. */
export function expireXAuth(): boolean {
  const { project, twitterToken } = xAuthStore.get();
  if (project) clearXAuthCookie(project);
  xAuthStore.set({ twitterId: undefined, twitterToken: undefined });
  return Boolean(twitterToken);
}

/** X logout: forgets the X sign-in here at once, then ends the session on the server (which revokes it at X). */
export async function logoutX(): Promise<void> {
  const { twitterToken } = xAuthStore.get();
  expireXAuth();
  if (twitterToken) await postXLogout(twitterToken).catch(() => undefined);
}
