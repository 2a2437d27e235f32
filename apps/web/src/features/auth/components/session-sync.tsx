import { useEffect } from "react";
import { useLoginStatus } from "../api/get-login-status";
import { useLoginStatusDetail } from "../api/get-login-status-detail";
import { sessionStore, useSession } from "../model/session-store";

/**
 * Keeps the social bound flags in step with the server while logged in: Twitter and Discord from the detail
 * response (bound when not null), Telegram from the status.
 */
export function SessionSync() {
  const token = useSession((state) => state.userToken);
  const status = useLoginStatus(token);
  const detail = useLoginStatusDetail(token);

  useEffect(() => {
    if (!token || !detail.data) return;
    sessionStore.set({
      twitterBound: detail.data.twitter !== null,
      discordBound: detail.data.discord !== null,
    });
  }, [token, detail.data]);

  useEffect(() => {
    if (!token || !status.data) return;
    sessionStore.set({ telegramBound: status.data.telegram });
  }, [token, status.data]);

  return null;
}
