import { useSyncExternalStore } from "react";

export type Store<State> = {
  get: () => State;
  set: (update: Partial<State> | ((state: State) => Partial<State>)) => void;
  subscribe: (listener: (state: State, previous: State) => void) => () => void;
};

/** A tiny external store: module state that React reads through `useStore`. */
export function createStore<State extends object>(initial: State): Store<State> {
  let state = initial;
  const listeners = new Set<(state: State, previous: State) => void>();
  return {
    get: () => state,
    set(update) {
      const patch = typeof update === "function" ? update(state) : update;
      const previous = state;
      const next = { ...state, ...patch };
      if (
        Object.keys(patch).every((key) => Object.is(previous[key as keyof State], next[key as keyof State]))
      )
        return;
      state = next;
      for (const listener of listeners) listener(state, previous);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore<State extends object, Selected>(
  store: Store<State>,
  select: (state: State) => Selected,
): Selected {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.get()),
  );
}
