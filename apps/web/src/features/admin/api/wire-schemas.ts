// Loaded on demand: zod and the wire contract stay out of the first route's JavaScript.
export { adminActionsPageSchema, adminStatusSchema } from "@dropfair/schemas/admin";
