import { exclusionReasons } from "@dropfair/core/picker";

/** The catalogue key (picker namespace) of an exclusion reason, readable in both languages. */
export function exclusionLabelKey(reason: string) {
  return (exclusionReasons as readonly string[]).includes(reason) ? `exclusion.${reason}` : "exclusion.other";
}

/** Excluded counts in the filter stage's order, unknown reasons last; zero counts left out. */
export function sortedExclusions(counts: Record<string, number>) {
  const order = (reason: string) => {
    const index = (exclusionReasons as readonly string[]).indexOf(reason);
    return index < 0 ? exclusionReasons.length : index;
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
  const known = ["drawFailed", "commitmentMismatch", "xLimitReached", "collectionFailed", "postNotFound"];
  return known.includes(key) ? `serverErrors.${key}` : "serverErrors.other";
}
