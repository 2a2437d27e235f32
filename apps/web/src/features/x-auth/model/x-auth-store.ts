import { createStore, useStore } from "../../../shared/lib/create-store";

/** The X sign-in of this browser (twitterId and twitterToken), restored from its cookie. */
export type XAuthState = {
  /** The project name from the platform config; undefined until the app knows it. */
  project: string | undefined;
  /** The X user id of the signed-in account (the cookie's `account`). */
  twitterId: string | undefined;
  /** Our `xs_…` X session token (the cookie's `token`). */
  twitterToken: string | undefined;
};

export const initialXAuthState: XAuthState = {
  project: undefined,
  twitterId: undefined,
  twitterToken: undefined,
};

export const xAuthStore = createStore<XAuthState>(initialXAuthState);

/** X login state is true only when both account and token exist. */
export function hasXLogin(state: XAuthState) {
  return Boolean(state.twitterId && state.twitterToken);
}

export function useXAuthState<Selected>(select: (state: XAuthState) => Selected): Selected {
  return useStore(xAuthStore, select);
}
