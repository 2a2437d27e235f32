// No request may carry control characters: PostgreSQL refuses NUL in text (a 500 where a 400 belongs), and the
// others have no place in a title, a name, a search or an id. Tab, line feed and carriage return stay allowed,
// because pasted lists and descriptions have lines.

import { typeCodes } from "@dropfair/schemas/envelope";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./errors.ts";

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const controlCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The path of the first string below `value` that holds a control character, or undefined. */
export function controlCharacterAt(value: unknown, path: string): string | undefined {
  if (typeof value === "string") return controlCharacter.test(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = controlCharacterAt(item, `${path}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = controlCharacterAt(key, path) ?? controlCharacterAt(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return undefined;
}

function refuse(field: string): AppError {
  return new AppError(typeCodes.badRequest, 400, "errors.controlCharacter", { field });
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
    const field =
      controlCharacterAt(request.params, "path") ??
      controlCharacterAt(request.query, "query") ??
      controlCharacterAt(
        withoutFields(request.body, request.routeOptions.config.ignoredBadBodyFields),
        "body",
      );
    if (field) throw refuse(field);
  });
}
