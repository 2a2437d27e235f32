// No request may carry control characters: PostgreSQL refuses NUL in text (a 500 where a 400 belongs), and the
// others have no place in a title, a name, a search or an id. Tab, line feed and carriage return stay allowed,
// because pasted lists and descriptions have lines. Nor half of a surrogate pair alone (JSON allows "\udfff"):
// it is not text, PGlite fails on it and PostgreSQL would store U+FFFD instead.

import { typeCodes } from "@dropfair/schemas/envelope";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./errors.ts";

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const controlCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const loneSurrogate = /\p{Cs}/u;

/** The path of the first string below `value` (keys included) that `pattern` matches, or undefined. */
function matchAt(value: unknown, path: string, pattern: RegExp): string | undefined {
  if (typeof value === "string") return pattern.test(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = matchAt(item, `${path}[${index}]`, pattern);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = matchAt(key, path, pattern) ?? matchAt(item, path ? `${path}.${key}` : key, pattern);
      if (found) return found;
    }
  }
  return undefined;
}

/** The path of the first string below `value` that holds a control character, or undefined. */
export function controlCharacterAt(value: unknown, path: string): string | undefined {
  return matchAt(value, path, controlCharacter);
}

/** What is wrong with the first bad string of `sources` (name, value), with its field, or undefined. */
function firstBadString(sources: [string, unknown][]): AppError | undefined {
  for (const [pattern, key] of [
    [controlCharacter, "errors.controlCharacter"],
    [loneSurrogate, "errors.invalidText"],
  ] as const) {
    for (const [name, value] of sources) {
      const field = matchAt(value, name, pattern);
      if (field) return new AppError(typeCodes.badRequest, 400, key, { field });
    }
  }
  return undefined;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Body fields the route ignores when malformed (never stores them), so their control characters refuse nothing. */
    ignoredBadBodyFields?: readonly string[];
  }
}

function withoutFields(body: unknown, fields: readonly string[] | undefined): unknown {
  if (!fields || !body || typeof body !== "object" || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => !fields.includes(key)));
}

/** Checks the path, the query and the parsed body of every request before its route's validation. */
export function installControlCharacterCheck(app: FastifyInstance) {
  app.addHook("preValidation", async (request: FastifyRequest) => {
    const refusal = firstBadString([
      ["path", request.params],
      ["query", request.query],
      ["body", withoutFields(request.body, request.routeOptions.config.ignoredBadBodyFields)],
    ]);
    if (refusal) throw refusal;
  });
}
