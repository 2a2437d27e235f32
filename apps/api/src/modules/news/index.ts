// Airdrop news (drops and daily): curated entries merged with Dropfair's own campaigns, the RSS feed, and the
// administrators' curation.
export { type NewsRouteOptions, newsRoutes } from "./routes.ts";
export { seedNewsSamples } from "./samples.ts";
export { createNewsService, type NewsDependencies, type NewsService } from "./service.ts";
export type { DropSource, DropSourceQuery } from "./sources.ts";
