/**
 * Line numbers for a report sentence: "2, 5, 9". The API lists the first 1,000 of each kind; when there are
 * more, the rest is summarised as "… (+N)".
 */
export function formatLineNumbers(lines: readonly number[], count: number, shown = 50): string {
  const listed = lines.slice(0, shown).join(", ");
  const hidden = count - Math.min(lines.length, shown);
  return hidden > 0 ? `${listed} … (+${hidden})` : listed;
}
