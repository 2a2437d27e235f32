// Bug reports, feature requests and the newsletter list (sending the newsletter is not part of this service).

export type { FeedbackDependencies } from "./reports.ts";
export { type FeedbackRouteOptions, feedbackRoutes } from "./routes.ts";
