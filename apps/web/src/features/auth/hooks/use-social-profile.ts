import { useLoginStatusDetail } from "../api/get-login-status-detail";
import { useSession } from "../model/session-store";

/** The bound X account's display data for the side menu, when there is one. */
export function useSocialProfile() {
  const token = useSession((state) => state.userToken);
  const detail = useLoginStatusDetail(token);
  const twitter = token ? detail.data?.twitter : undefined;
  return {
    twitterName: twitter?.name,
    twitterUsername: twitter?.username,
    avatar: twitter?.avatar || undefined,
  };
}
