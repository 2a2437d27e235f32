type ApiEventMap = {
  /**
   * A request with a session answered 401, or a request timed out: the session is over. `scope: "x"`: only
   * the X sign-in ended (the wallet session, if any, is still good).
   */
  sessionExpired: { reason: "unauthorized" | "timeout"; scope?: "x" };
  /** HTTP 403: the user needs beta access. */
  forbidden: { path: string };
};

type Listener<Name extends keyof ApiEventMap> = (payload: ApiEventMap[Name]) => void;

const listeners: { [Name in keyof ApiEventMap]: Set<Listener<Name>> } = {
  sessionExpired: new Set(),
  forbidden: new Set(),
};

/** The API client reports cross-cutting failures here; the app decides what they mean for the UI. */
export const apiEvents = {
  on<Name extends keyof ApiEventMap>(name: Name, listener: Listener<Name>) {
    listeners[name].add(listener);
    return () => {
      listeners[name].delete(listener);
    };
  },
  emit<Name extends keyof ApiEventMap>(name: Name, payload: ApiEventMap[Name]) {
    for (const listener of listeners[name]) listener(payload);
  },
};
