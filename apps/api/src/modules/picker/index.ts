// The picker module's public surface (SPEC §3–§6, DESIGN.md §6).
export { type Actor, roleFor } from "./access.ts";
export { commitEligibleList, type DrawStepDependencies, runDrawStep } from "./draw.ts";
export { pickerErrors } from "./errors.ts";
export { drawPollSeconds, enqueuePickerDraw, pickerDrawQueue, registerPickerDrawJob } from "./jobs.ts";
export { createPickerPayments } from "./payments.ts";
export { pickerRoutes } from "./routes.ts";
export {
  createPickerService,
  type PickerConfig,
  type PickerDependencies,
  type PickerJobs,
  type PickerPayments,
  type PickerService,
  paymentReference,
  validateWinnerInfo,
} from "./service.ts";
