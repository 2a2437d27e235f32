import { exclusionReasons } from "@dropfair/core/picker";

/** The collection's reasons, then a winner the host rejected after the draw (counted as excluded from then on). */
const shownReasons: readonly string[] = [...exclusionReasons, "rejected"];

/** The catalogue key (picker namespace) of an exclusion reason, readable in both languages. */
export function exclusionLabelKey(reason: string) {
  return shownReasons.includes(reason) ? `exclusion.${reason}` : "exclusion.other";
}

/** Excluded counts in the filter stage's order, unknown reasons last; zero counts left out. */
export function sortedExclusions(counts: Record<string, number>) {
  const order = (reason: string) => {
    const index = shownReasons.indexOf(reason);
    return index < 0 ? shownReasons.length : index;
  };
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort(([left], [right]) => order(left) - order(right));
}

/**
 * A picker's `errorMessage`: a catalogue key the pipeline or the draw wrote ("picker.drawFailed" …) → the
 * picker catalogue key to show; undefined when the server sent a text already translated.
 */
export function serverErrorKey(message: string): string | undefined {
  const key = /^picker\.([A-Za-z]+)$/.exec(message)?.[1];
  if (key === undefined) return undefined;
  const known = [
    "drawFailed",
    "commitmentMismatch",
    "drawSourcesDisagree",
    "drawSourcesFailed",
    "xLimitReached",
    "collectionFailed",
    "postNotFound",
  ];
  return known.includes(key) ? `serverErrors.${key}` : "serverErrors.other";
}
