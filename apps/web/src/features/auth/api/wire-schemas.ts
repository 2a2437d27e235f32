// Loaded on demand (see ContentSchema): zod and the wire contract stay out of the first route's JavaScript.
import { z } from "zod";

export {
  loginResultSchema,
  loginStatusDetailSchema,
  loginStatusSchema,
} from "@dropfair/schemas/auth";

/** The EIP-4361 message the server wants signed. */
export const signMessageSchema = z.string().min(1);
/** Answers whose content the caller does not use. */
export const ignoredContentSchema = z.unknown();
