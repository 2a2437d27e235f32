import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { expireSession, initSession } from "../../features/auth";
import { apiEvents } from "../../shared/api/api-events";
import { usePlatformConfig } from "../../shared/api/get-platform-config";
import { openBetaAccess } from "./beta-access-state";

/** Starts the session once the platform config is known and turns API-wide events into UI. */
export function PlatformBootstrap() {
  const { t } = useTranslation();
  const config = usePlatformConfig();

  useEffect(() => {
    if (config.data) initSession(config.data);
  }, [config.data]);

  useEffect(() => {
    if (config.error)
      notifications.show({ color: "red", message: config.error.message, id: "platform-config-error" });
  }, [config.error]);

  useEffect(() => {
    const offExpired = apiEvents.on("sessionExpired", ({ reason }) => {
      if (reason === "timeout")
        notifications.show({ color: "orange", message: t("api.timeout"), id: "api-timeout" });
      // SPEC §8: tell the user, log out and clear the X sign-in.
      if (expireSession()) notifications.show({ color: "red", message: t("api.token"), id: "api-token" });
    });
    const offForbidden = apiEvents.on("forbidden", () => openBetaAccess());
    return () => {
      offExpired();
      offForbidden();
    };
  }, [t]);

  return null;
}
