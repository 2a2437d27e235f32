// Points (EP): the append-only ledger, balances and levels, the leaderboard, and administrators' grants.
// Other modules credit points only through creditPoints.
export { pointsErrors } from "./errors.ts";
export { foldBalanceCountsJob, registerPointsJobs } from "./jobs.ts";
export { creditPoints, maxCreditAmount, type PointsCredit, pointsOf, sumOfSource } from "./ledger.ts";
export { foldBalanceCounts, rankOfBalance } from "./repository.ts";
export { pointsRoutes } from "./routes.ts";
export {
  adminGrantSourceKind,
  createPointsService,
  type PointsService,
  type PointsSettings,
} from "./service.ts";
