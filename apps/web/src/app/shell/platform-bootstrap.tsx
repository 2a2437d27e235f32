import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { expireSession, initSession } from "../../features/auth";
import { expireXAuth, initXAuth } from "../../features/x-auth";
import { apiEvents } from "../../shared/api/api-events";
import { usePlatformConfig } from "../../shared/api/get-platform-config";
import { openBetaAccess } from "./beta-access-state";

/** Starts the session once the platform config is known and turns API-wide events into UI. */
export function PlatformBootstrap() {
  const { t } = useTranslation();
  const config = usePlatformConfig();

  useEffect(() => {
    if (!config.data) return;
    initSession(config.data);
    initXAuth(config.data.project);
  }, [config.data]);

  useEffect(() => {
    if (config.error)
      notifications.show({ color: "red", message: config.error.message, id: "platform-config-error" });
  }, [config.error]);

  useEffect(() => {
    const offExpired = apiEvents.on("sessionExpired", ({ reason, scope }) => {
      if (reason === "timeout")
        notifications.show({ color: "orange", message: t("api.timeout"), id: "api-timeout" });
      if (scope === "x") {
        // Only the X sign-in is over: the wallet session stays.
        if (expireXAuth())
          notifications.show({ color: "orange", message: t("xAuth.expired"), id: "x-auth-expired" });
        return;
      }
      // The session expired: tell the user, log out and clear the X sign-in.
      const hadWallet = expireSession();
      const hadX = expireXAuth();
      if (hadWallet || hadX) notifications.show({ color: "red", message: t("api.token"), id: "api-token" });
    });
    const offForbidden = apiEvents.on("forbidden", () => openBetaAccess());
    return () => {
      offExpired();
      offForbidden();
    };
  }, [t]);

  return null;
}
