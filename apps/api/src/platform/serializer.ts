import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import { z } from "zod";

type JsonSchemaNode = { [key: string]: unknown };

const isNullBranch = (branch: unknown) =>
  typeof branch === "object" &&
  branch !== null &&
  (branch as JsonSchemaNode).type === "null" &&
  Object.keys(branch).length === 1;

/**
 * zod writes a nullable field as `anyOf: [T, {type: "null"}]`, and fast-json-stringify picks an `anyOf` branch by
 * validating the value against each one at run time: a list of hundreds of objects with a few nullable fields
 * each spends most of its time there. `T` of a single JSON type folds into `type: [T, "null"]`, which is written
 * without validation; anything else is left as it is.
 */
export function foldNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(foldNullables);
  if (typeof node !== "object" || node === null) return node;
  const folded: JsonSchemaNode = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, foldNullables(value)]),
  );
  const { anyOf, ...rest } = folded;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return folded;
  const nullAt = anyOf.findIndex(isNullBranch);
  const other = anyOf[1 - nullAt] as JsonSchemaNode | undefined;
  if (nullAt < 0 || !other || typeof other.type !== "string" || "anyOf" in other) return folded;
  return {
    ...rest,
    ...other,
    type: [other.type, "null"],
    ...(Array.isArray(other.enum) ? { enum: [...other.enum, null] } : {}),
  };
}

/**
 * Responses are described by zod schemas (the wire contract, also the OpenAPI source) and written by
 * fast-json-stringify compiled from their JSON Schema: only declared fields leave the server, at the
 * speed of a precompiled serializer rather than a per-response zod encode.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  const jsonSchema = z.toJSONSchema(schema, { target: "draft-7", io: "output", unrepresentable: "any" });
  return fastJson(foldNullables(jsonSchema) as Parameters<typeof fastJson>[0]);
};
