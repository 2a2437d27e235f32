// Loaded on demand: zod and the wire contract stay out of the first route's JavaScript.
import { z } from "zod";

export { socialAuthorizeResultSchema, socialLinkSchema } from "@dropfair/schemas/auth";
export const doneSchema = z.object({ done: z.literal(true) });
