/** The page's own scroll animation: 2 s with at most 80 px per frame; scrolling to a URL hash takes 1 s. */
export const scrollDefaults = { durationMs: 2000, maxStep: 80, hashDurationMs: 1000 };

/**
 * The scroll position for one animation frame: where an ease-out curve from `start` to `target` is at
 * `elapsedMs`, but never more than `maxStep` pixels away from `current`. Past the duration it keeps stepping
 * until it reaches the target.
 */
export function scrollFrame(options: {
  start: number;
  target: number;
  current: number;
  elapsedMs: number;
  durationMs: number;
  maxStep: number;
}): number {
  const { start, target, current, elapsedMs, durationMs, maxStep } = options;
  const progress = durationMs <= 0 ? 1 : Math.min(1, elapsedMs / durationMs);
  const ideal = start + (target - start) * (1 - (1 - progress) ** 3);
  const step = Math.max(-maxStep, Math.min(maxStep, ideal - current));
  return Math.abs(target - (current + step)) < 0.5 ? target : current + step;
}

export type ScrollOptions = { durationMs?: number; maxStep?: number; view?: Window };

/**
 * Animates the window's vertical scroll to `target` and returns a cancel function. With reduced motion asked
 * for, it jumps at once; a wheel or touch by the user stops the animation.
 */
export function animateScrollTo(target: number, options: ScrollOptions = {}): () => void {
  const view = options.view ?? window;
  const durationMs = options.durationMs ?? scrollDefaults.durationMs;
  const maxStep = options.maxStep ?? scrollDefaults.maxStep;
  const end = Math.max(0, Math.min(target, view.document.documentElement.scrollHeight - view.innerHeight));
  if (view.matchMedia?.("(prefers-reduced-motion: reduce)").matches) {
    view.scrollTo(0, end);
    return () => {};
  }
  const start = view.scrollY;
  let current = start;
  let frame = 0;
  let began: number | undefined;
  const stop = () => {
    view.cancelAnimationFrame(frame);
    view.removeEventListener("wheel", stop);
    view.removeEventListener("touchstart", stop);
  };
  const tick = (now: number) => {
    began ??= now;
    current = scrollFrame({ start, target: end, current, elapsedMs: now - began, durationMs, maxStep });
    view.scrollTo(0, current);
    if (current === end) stop();
    else frame = view.requestAnimationFrame(tick);
  };
  view.addEventListener("wheel", stop, { passive: true });
  view.addEventListener("touchstart", stop, { passive: true });
  frame = view.requestAnimationFrame(tick);
  return stop;
}

/** Scrolls to an element (its top, less its CSS scroll-margin-top), in 1 s by default. */
export function animateScrollToElement(element: Element, options: ScrollOptions = {}): () => void {
  const view = options.view ?? window;
  const margin = Number.parseFloat(view.getComputedStyle(element).scrollMarginTop) || 0;
  const top = element.getBoundingClientRect().top + view.scrollY - margin;
  return animateScrollTo(top, { durationMs: scrollDefaults.hashDurationMs, ...options, view });
}
