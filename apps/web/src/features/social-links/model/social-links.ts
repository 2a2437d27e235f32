import { i18n } from "../../../shared/i18n/i18n";
import { startOAuthRedirect } from "../../../shared/lib/oauth-redirect";
import { sessionStore as tabStorage } from "../../../shared/lib/storage";
import { authorizeSocialLink, type SocialProvider } from "../api/social-links";

const returnToKey = (provider: SocialProvider) => `dropfair.${provider}-link.return-to`;

/** Where the last binding of this provider started in this tab (the return page goes back there). */
export function pendingLinkReturnTo(provider: SocialProvider): string | undefined {
  return tabStorage.get(returnToKey(provider));
}

/**
 * Binds a Discord or Telegram account to the signed-in wallet: asks the API for the provider's page and sends the
 * browser there; it comes back to /auth/discord or /auth/telegram/{state}, which finishes and returns to
 * `returnTo`. A failure to start is shown in the message dialog; resolves false then.
 */
export function startSocialLink(provider: SocialProvider, returnTo: string): Promise<boolean> {
  return startOAuthRedirect({
    returnToKey: returnToKey(provider),
    returnTo,
    authorize: () => authorizeSocialLink(provider),
    failureTitle: () => i18n.t("social-links:startFailed"),
  });
}

const finishing = new Map<string, Promise<unknown>>();

/**
 * Runs a binding's callback once per state, however often the return page mounts (React's strict mode mounts
 * twice, and the server uses each state once).
 */
export function finishOnce<T>(state: string, finish: () => Promise<T>): Promise<T> {
  const running = finishing.get(state) ?? finish();
  finishing.set(state, running);
  return running as Promise<T>;
}
