import { createStore, useStore } from "../../../shared/lib/create-store";

/** The wallet login state of this browser. */
export type SessionState = {
  /** The project name from the platform config; needed for cookie names and API paths. */
  project: string | undefined;
  isConnecting: boolean;
  /** Preconditions of login, each false until ready (e.g. the platform config, a session restore). */
  loginPrepares: Record<string, boolean>;
  userAddress: string | undefined;
  userToken: string | undefined;
  /** Social bound flags start undefined: not known until the server answers. */
  twitterBound: boolean | undefined;
  discordBound: boolean | undefined;
  telegramBound: boolean | undefined;
};

export const initialSessionState: SessionState = {
  project: undefined,
  isConnecting: false,
  loginPrepares: { config: false },
  userAddress: undefined,
  userToken: undefined,
  twitterBound: undefined,
  discordBound: undefined,
  telegramBound: undefined,
};

export const sessionStore = createStore<SessionState>(initialSessionState);

/** Logged in once a token exists. */
export function hasLogin(state: SessionState) {
  return Boolean(state.userToken);
}

/** Login is disabled while connecting or while any login-prepare flag is false. */
export function canLogin(state: SessionState) {
  return !state.isConnecting && Object.values(state.loginPrepares).every(Boolean);
}

export function setLoginPrepare(key: string, ready: boolean) {
  sessionStore.set((state) => ({ loginPrepares: { ...state.loginPrepares, [key]: ready } }));
}

/** The part of the state a logout or an account change clears. */
export const clearedLogin: Partial<SessionState> = {
  userAddress: undefined,
  userToken: undefined,
  twitterBound: undefined,
  discordBound: undefined,
  telegramBound: undefined,
};

export function useSession<Selected>(select: (state: SessionState) => Selected): Selected {
  return useStore(sessionStore, select);
}
