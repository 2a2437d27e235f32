// The picker module's public surface: the service and routes the app mounts, the jobs the composition root
// registers, and what tests drive directly (the pipeline, the draw step, the errors).
export type { Actor } from "./access.ts";
export type { PickerConfig, PickerDependencies, PickerJobs, PickerPayments } from "./context.ts";
export { commitEligibleList, type DrawStepDependencies, type DrawStepOutcome, runDrawStep } from "./draws.ts";
export { pickerErrors } from "./errors.ts";
export {
  drawPollSeconds,
  enqueuePickerDraw,
  enqueuePickerPipeline,
  handlePickerDraw,
  handlePickerPipeline,
  type PickerDrawJobData,
  type PickerJobDependencies,
  type PickerJobRegistration,
  type PickerPipelineJobData,
  pickerDrawJob,
  pickerPipelineJob,
  registerPickerJobs,
} from "./jobs.ts";
export { createPickerPayments } from "./payments.ts";
export type {
  PickerPipelineOptions,
  PickerPipelinePageEvent,
  PickerPipelineProgress,
} from "./pipeline/context.ts";
export { type PickerPipelineErrorKey, pickerPipelineErrors } from "./pipeline/errors.ts";
export { type PickerPipelineResult, runPickerPipeline } from "./pipeline/pipeline.ts";
export { paymentReference } from "./plans.ts";
export { pickerRoutes } from "./routes.ts";
export { createPickerService, type PickerService } from "./service.ts";
export { validateWinnerInfo } from "./winners.ts";
