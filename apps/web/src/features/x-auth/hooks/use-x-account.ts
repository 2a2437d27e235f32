import { useXProfileQuery } from "../api/get-x-profile";
import { hasXLogin, useXAuthState } from "../model/x-auth-store";

/** The X account signed in on this browser, for menus and the picker. */
export type XAccountView = {
  /** Both account and token exist; false also while the sign-in is still being restored. */
  signedIn: boolean;
  xUserId: string | undefined;
  username: string | undefined;
  name: string | undefined;
  /** Profile image URL, when X has one. */
  avatar: string | undefined;
  /** Signed in, and the profile (name, avatar) is still loading. */
  loading: boolean;
};

/** The signed-in X account: id from the X auth cookie, name and avatar from LoginStatusDetail/twitter. */
export function useXAccount(): XAccountView {
  const signedIn = useXAuthState(hasXLogin);
  const xUserId = useXAuthState((state) => state.twitterId);
  const token = useXAuthState((state) => state.twitterToken);
  const profile = useXProfileQuery(signedIn ? token : undefined);
  const data = signedIn ? (profile.data ?? undefined) : undefined;
  return {
    signedIn,
    xUserId: signedIn ? xUserId : undefined,
    username: data?.username,
    name: data?.name,
    avatar: data?.avatar || undefined,
    loading: signedIn && profile.isPending,
  };
}
