import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useXProfileQuery } from "../api/get-x-profile";
import { expireXAuth } from "../model/x-auth";
import { hasXLogin, useXAuthState } from "../model/x-auth-store";

/**
 * Keeps the X sign-in honest: when the server answers no X account for our token (the session was logged out
 * elsewhere, revoked or purged), the cookie and store are cleared and the user is told.
 */
export function XAuthSync() {
  const { t } = useTranslation();
  const signedIn = useXAuthState(hasXLogin);
  const token = useXAuthState((state) => state.twitterToken);
  const profile = useXProfileQuery(signedIn ? token : undefined);

  useEffect(() => {
    if (!signedIn || profile.data !== null) return;
    if (expireXAuth())
      notifications.show({ color: "orange", message: t("xAuth.expired"), id: "x-auth-expired" });
  }, [signedIn, profile.data, t]);

  return null;
}
