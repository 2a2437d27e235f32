import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import { z } from "zod";

/**
 * Responses are described by zod schemas (the wire contract, also the OpenAPI source) and written by
 * fast-json-stringify compiled from their JSON Schema: only declared fields leave the server, at the
 * speed of a precompiled serializer rather than a per-response zod encode.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  const jsonSchema = z.toJSONSchema(schema, { target: "draft-7", io: "output", unrepresentable: "any" });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
};
