// The lucky wheel (docs/wheel.md): games with a committed salt, tickets, spin vouchers for LuckyWheel, the spin
// recorder job, draw records, claims and the game file. Other modules use only what is exported here.
export { createSpinSigner, type SpinSigner } from "./chain.ts";
export type { WheelDependencies, WheelMissions } from "./dependencies.ts";
export { wheelErrors } from "./errors.ts";
export {
  enqueueRecordSpins,
  handleRecordSpinsJob,
  recorderWatch,
  recordSpinsJob,
  registerWheelJobs,
  type WheelJobDependencies,
} from "./jobs.ts";
export { type LiveWheelFilter, type LiveWheelGame, listLiveGames } from "./list-repository.ts";
export { recordSpins } from "./record.ts";
export { prizesWonBy } from "./repository.ts";
export { wheelRoutes } from "./routes.ts";
export { createWheelService, type WheelService } from "./service.ts";
