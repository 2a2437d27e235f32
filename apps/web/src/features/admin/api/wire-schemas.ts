// Loaded on demand: zod and the wire contract stay out of the first route's JavaScript.
export { adminActionsPageSchema, adminStatusSchema, xSpendingSchema } from "@dropfair/schemas/admin";
