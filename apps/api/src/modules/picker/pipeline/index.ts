// The picker's collection pipeline: run it directly, or as the pg-boss job.
export type {
  PickerPipelineOptions,
  PickerPipelinePageEvent,
  PickerPipelineProgress,
} from "./context.ts";
export type { PickerPipelineErrorKey } from "./errors.ts";
export { pickerPipelineErrors } from "./errors.ts";
export type { PickerPipelineJobData, PickerPipelineJobDependencies } from "./job.ts";
export {
  enqueuePickerPipeline,
  pickerPipelineQueue,
  pickerPipelineQueueOptions,
  registerPickerPipelineJob,
} from "./job.ts";
export type { PickerPipelineResult } from "./pipeline.ts";
export { runPickerPipeline } from "./pipeline.ts";
