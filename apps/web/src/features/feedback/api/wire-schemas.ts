// Loaded on demand: zod and the wire contract stay out of the JavaScript of the pages that only link here.
export {
  feedbackReportSchema,
  reportListSchema,
  reportReceivedSchema,
  subscribedSchema,
  subscriptionStateSchema,
} from "@dropfair/schemas/feedback";
