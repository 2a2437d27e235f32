// Loaded on demand: zod and the wire contract stay out of the first route's JavaScript.
export {
  leaderboardSchema,
  pointsGrantResultSchema,
  pointsGrantsPageSchema,
  pointsHistoryPageSchema,
  pointsSummarySchema,
} from "@dropfair/schemas/points";
