// Query-parameter parsing and checks with X's 400 wording, and the response envelope X sends.
import { InvalidRequest, type Problem } from "../wire.ts";

export type Query = Record<string, string | string[] | undefined>;

const idPattern = /^[0-9]{1,19}$/;
const usernamePattern = /^[A-Za-z0-9_]{1,15}$/;

/** One value of a query parameter (the last one when repeated). */
export function single(query: Query, name: string): string | undefined {
  const value = query[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function list(query: Query, name: string): string[] | undefined {
  const value = single(query, name);
  if (value === undefined) return undefined;
  return value.split(",").filter((item) => item.length > 0);
}

/** A comma-separated parameter whose values must all be in `allowed`; empty set when absent. */
export function enumSet(query: Query, name: string, allowed: readonly string[]): Set<string> {
  const values = list(query, name);
  if (values === undefined) return new Set();
  if (values.length === 0)
    throw InvalidRequest.of(name, "", `The \`${name}\` query parameter can not be empty`);
  const wrong = values.filter((value) => !allowed.includes(value));
  if (wrong.length > 0) {
    throw new InvalidRequest(
      wrong.map((value) => ({
        parameters: { [name]: [value] },
        message: `The \`${name}\` query parameter value [${value}] is not one of [${allowed.join(",")}]`,
      })),
    );
  }
  return new Set(values);
}

export function maxResults(query: Query, min: number, max: number, fallback: number): number {
  const raw = single(query, "max_results");
  if (raw === undefined) return fallback;
  const value = /^-?[0-9]+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw InvalidRequest.of(
      "max_results",
      raw,
      `The \`max_results\` query parameter value [${raw}] is not between ${min} and ${max}`,
    );
  }
  return value;
}

export function checkId(value: string, name = "id"): string {
  if (!idPattern.test(value)) {
    throw InvalidRequest.of(
      name,
      value,
      `The \`${name}\` query parameter value [${value}] does not match ^[0-9]{1,19}$`,
    );
  }
  return value;
}

export function checkUsername(value: string, name: string): string {
  if (!usernamePattern.test(value)) {
    throw InvalidRequest.of(
      name,
      value,
      `The \`${name}\` query parameter value [${value}] does not match ^[A-Za-z0-9_]{1,15}$`,
    );
  }
  return value;
}

/** A comma-separated list of 1 to 100 values, each passed through `check`. */
export function requiredList(query: Query, name: string, check: (value: string) => string): string[] {
  const values = list(query, name);
  if (!values || values.length === 0)
    throw InvalidRequest.of(name, "", `The \`${name}\` query parameter can not be empty`);
  if (values.length > 100) {
    throw InvalidRequest.of(
      name,
      values.join(","),
      `The number of values in the \`${name}\` query parameter list [${values.length}] is not between 1 and 100`,
    );
  }
  return values.map(check);
}

/** The `id` path parameter, checked. */
export function pathId(params: unknown): string {
  return checkId((params as { id: string }).id);
}

/** Drops empty `data` lists, empty `errors` and absent `includes`, as X does (an empty page has no `data`). */
export function body(parts: {
  data?: unknown;
  includes?: unknown;
  errors?: Problem[];
  meta?: Record<string, unknown>;
}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (parts.data !== undefined && !(Array.isArray(parts.data) && parts.data.length === 0))
    out.data = parts.data;
  if (parts.includes !== undefined) out.includes = parts.includes;
  if (parts.errors && parts.errors.length > 0) out.errors = parts.errors;
  if (parts.meta) out.meta = parts.meta;
  return out;
}
