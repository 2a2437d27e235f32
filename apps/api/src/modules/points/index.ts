// Points (EP): the append-only ledger, balances and levels, the leaderboard, and administrators' grants.
// Other modules credit points only through creditPoints.
export { pointsErrors } from "./errors.ts";
export { foldBalanceCountsJob, registerPointsJobs } from "./jobs.ts";
export {
  adminGrantSourceKind,
  creditPoints,
  maxCreditAmount,
  missionSourceKind,
  type PointsCredit,
  pointsOf,
  referralSourceKind,
  sumOfSource,
} from "./ledger.ts";
export { foldBalanceCounts, rankOfBalance } from "./repository.ts";
export { pointsRoutes } from "./routes.ts";
export {
  createPointsService,
  type PointsService,
  type PointsSettings,
} from "./service.ts";
