import { z } from "zod";

export { type TypeCode, typeCodes } from "./codes.ts";

export function envelopeSchema<T extends z.ZodType>(content: T) {
  return z.object({
    content,
    typeCode: z.number().int(),
    message: z.string(),
  });
}

export const errorEnvelopeSchema = envelopeSchema(z.null());

export type Envelope<T> = { content: T; typeCode: number; message: string };
