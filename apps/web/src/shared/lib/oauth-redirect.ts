import { ApiError } from "../api/errors";
import { messageDialog } from "../ui/message-dialog-state";
import { sessionStore as tabStorage } from "./storage";

/**
 * Starts a sign-in or account binding that leaves the site: remembers `returnTo` in this tab under
 * `returnToKey` (the return page goes back there), asks the API for the provider's page and sends the browser
 * there. A failure to start is shown in the message dialog under `failureTitle` (unless the shell already
 * reported it); resolves false then.
 */
export async function startOAuthRedirect(options: {
  returnToKey: string;
  returnTo: string;
  authorize: () => Promise<{ url: string }>;
  failureTitle: () => string;
}): Promise<boolean> {
  tabStorage.set(options.returnToKey, options.returnTo);
  try {
    const { url } = await options.authorize();
    window.location.assign(url);
    return true;
  } catch (error) {
    if (!(error instanceof ApiError && error.kind === "global")) {
      void messageDialog.error(
        error instanceof Error ? error.message : String(error),
        options.failureTitle(),
      );
    }
    return false;
  }
}
