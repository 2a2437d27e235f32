// Loaded on demand (see ContentSchema): zod and the wire contract stay out of the first route's JavaScript.
import { z } from "zod";

export { twitterBriefSchema, xAuthorizeResultSchema, xSignInResultSchema } from "@dropfair/schemas/auth";

/** Answers whose content the caller does not use. */
export const ignoredContentSchema = z.unknown();
