import { envelopeSchema, typeCodes } from "@dropfair/schemas/envelope";
import { z } from "zod";

export function ok<T>(content: T) {
  return { content, typeCode: typeCodes.success, message: "success" };
}

/** Response schemas for a route: the success envelope plus the error envelope for every other status. */
export function responses<T extends z.ZodType>(content: T) {
  const error = envelopeSchema(z.null()).describe("Error envelope: typeCode and a translated message");
  return {
    200: envelopeSchema(content),
    "4xx": error,
    "5xx": error,
  };
}
