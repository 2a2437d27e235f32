import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";

/**
 * Renders a lazily loaded component once `opened` has been true, and keeps it mounted afterwards so closing
 * transitions play. Dialogs and drawers use it to stay out of the first route's JavaScript.
 */
export function lazyWhenOpened<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
  useOpened: () => boolean,
) {
  const Loaded = lazy(load);
  let preloaded = false;
  const preload = () => {
    if (preloaded) return;
    preloaded = true;
    void load().catch(() => {
      preloaded = false;
    });
  };
  function WhenOpened(props: Props) {
    const opened = useOpened();
    const [mounted, setMounted] = useState(opened);
    useEffect(() => {
      if (opened) setMounted(true);
    }, [opened]);
    if (!mounted && !opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(WhenOpened, { preload });
}

/** Runs `task` when the browser is idle after the first paint. */
export function whenIdle(task: () => void) {
  if (typeof window === "undefined") return;
  const idle = (
    window as Window & {
      requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
    }
  ).requestIdleCallback;
  if (idle) idle(task, { timeout: 3000 });
  else setTimeout(task, 1500);
}

/**
 * A component loaded after the first paint (when idle, or at once on `request`). Returns undefined until it
 * has arrived; the caller renders a look-alike placeholder meanwhile.
 */
export function deferredComponent<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
) {
  let loaded: ComponentType<Props> | undefined;
  let pending: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const request = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        for (const listener of listeners) listener();
      },
      () => {
        pending = undefined;
      },
    );
    return pending;
  };
  function useDeferred(): [ComponentType<Props> | undefined, () => void] {
    const [component, setComponent] = useState(() => loaded);
    useEffect(() => {
      const update = () => setComponent(() => loaded);
      listeners.add(update);
      if (loaded) update();
      else whenIdle(() => void request());
      return () => {
        listeners.delete(update);
      };
    }, []);
    return [component, () => void request()];
  }
  return useDeferred;
}
