import { InvalidDrawInputError } from "./errors.ts";

/** Longest user or post id we accept, in UTF-16 code units. X ids have at most 19 digits. */
export const maxIdLength = 256;

// Control characters would make the newline-joined commitment ambiguous; lone surrogates have no UTF-8 form.
const forbiddenCharacters =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job.
  /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const fromSurrogatesUp = /[\ud800-\uffff]/;

/** Why `value` is not a usable id, or undefined when it is. */
export function idProblem(value: unknown): string | undefined {
  if (typeof value !== "string") return "must be a string";
  if (value.length === 0) return "must not be empty";
  if (value.length > maxIdLength) return `must be at most ${maxIdLength} characters`;
  if (forbiddenCharacters.test(value)) return "must not contain control characters or lone surrogates";
  return undefined;
}

export function assertUserId(value: unknown, field = "userId"): asserts value is string {
  const problem = idProblem(value);
  if (problem) throw new InvalidDrawInputError(field, problem);
}

/** Validates many ids; the field name (`${field}[index]`) is only built for the culprit. */
export function assertUserIds(values: readonly unknown[], field: string, suffix = ""): void {
  for (let index = 0; index < values.length; index++) {
    const problem = idProblem(values[index]);
    if (problem) throw new InvalidDrawInputError(`${field}[${index}]${suffix}`, problem);
  }
}

export function assertPostId(value: unknown, field = "postId"): asserts value is string {
  const problem = idProblem(value) ?? (String(value).includes(":") ? 'must not contain ":"' : undefined);
  if (problem) throw new InvalidDrawInputError(field, problem);
}

/** Maps a UTF-16 code unit so that comparing mapped units orders strings by Unicode code point. */
function codePointRank(unit: number): number {
  if (unit < 0xd800) return unit;
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}

/**
 * The one order of user ids: by Unicode code point, which is the byte-wise order of their UTF-8 encoding
 * (like `LC_ALL=C sort` on the UTF-8 text). For ASCII ids, which is every X id, it is plain code-unit order.
 * It is lexicographic, not numeric: "10" < "9".
 */
export function compareUserIds(left: string, right: string): number {
  if (left === right) return 0;
  const shared = Math.min(left.length, right.length);
  for (let index = 0; index < shared; index++) {
    const leftUnit = left.charCodeAt(index);
    const rightUnit = right.charCodeAt(index);
    if (leftUnit !== rightUnit) return codePointRank(leftUnit) - codePointRank(rightUnit);
  }
  return left.length - right.length;
}

/** Sorts valid ids in place by `compareUserIds`; the default (code-unit) sort agrees unless an id has a unit ≥ U+D800. */
export function sortUserIds(ids: string[]): string[] {
  ids.sort();
  if (ids.some((id) => fromSurrogatesUp.test(id))) ids.sort(compareUserIds);
  return ids;
}

/** The canonical entry list: every id validated, duplicates removed, sorted by `compareUserIds`. */
export function canonicalEntries(userIds: readonly string[]): string[] {
  assertUserIds(userIds, "userIds");
  const sorted = sortUserIds([...userIds]);
  return sorted.filter((userId, index) => index === 0 || userId !== sorted[index - 1]);
}
