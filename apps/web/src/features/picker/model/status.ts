import { pickerPipelineStatuses, pickerStatus, pickerV1Status } from "@dropfair/core/picker";

type StatusNames<Table extends Record<string, number>> = Record<Table[keyof Table], keyof Table>;

function invert<Table extends Record<string, number>>(table: Table): StatusNames<Table> {
  return Object.fromEntries(Object.entries(table).map(([name, code]) => [code, name])) as StatusNames<Table>;
}

const v2Names = invert(pickerStatus);
const v1Names = invert(pickerV1Status);

/** The state name of a status code (v1 names for version 1), or undefined for an unknown code. */
export function statusName(version: number, status: number): string | undefined {
  const names: Record<number, string> = version === 1 ? v1Names : v2Names;
  return names[status];
}

/** The catalogue key (picker namespace) of a status name: the v2/pro states, or v1 for version 1. */
export function statusLabelKey(version: number, status: number): string {
  const name = statusName(version, status);
  return name ? `status.v${version === 1 ? 1 : 2}.${name}` : "status.unknown";
}

export type StatusTone = "gray" | "blue" | "jade" | "violet" | "orange" | "yellow" | "green" | "red";

/** The badge colour of a status: working, waiting on the host, done, or stopped. */
export function statusTone(version: number, status: number): StatusTone {
  if (version === 1) {
    if (status === pickerV1Status.completed) return "green";
    if (status === pickerV1Status.internalError) return "red";
    if (status === pickerV1Status.readyToPick) return "jade";
    return "blue";
  }
  if (isPipelineStatus(status)) return "blue";
  switch (status) {
    case pickerStatus.readyToPick:
      return "jade";
    case pickerStatus.selecting:
      return "violet";
    case pickerStatus.collectingInfo:
      return "orange";
    case pickerStatus.paying:
      return "yellow";
    case pickerStatus.completed:
      return "green";
    case pickerStatus.error:
      return "red";
    default:
      return "gray";
  }
}

export function isPipelineStatus(status: number) {
  return pickerPipelineStatuses.includes(status);
}

/** The pipeline stages in order, for the progress steps on the detail page. */
export const pipelineSteps = [
  pickerStatus.preparing,
  pickerStatus.fetchingFollowers,
  pickerStatus.loadingEntries,
  pickerStatus.verifyingFollow,
  pickerStatus.fetchingReplies,
  pickerStatus.filtering,
] as const;

/** The index of the current stage in {@link pipelineSteps}; 0 before the pipeline starts. */
export function pipelineStepIndex(status: number) {
  const index = (pipelineSteps as readonly number[]).indexOf(status);
  return index < 0 ? 0 : index;
}

/** Whether the detail page should keep polling: the pipeline works, or a draw waits for its block. */
export function isPickerBusy(picker: {
  version: number;
  status: number;
  currentDraw: { status: string } | null;
}) {
  if (picker.version === 1) return false;
  return isPipelineStatus(picker.status) || picker.currentDraw?.status === "waiting";
}

/** Statuses after which winners exist and can be listed. */
export function hasDrawResult(status: number) {
  return (
    status === pickerStatus.selecting ||
    status === pickerStatus.collectingInfo ||
    status === pickerStatus.paying ||
    status === pickerStatus.completed
  );
}

/** The winner form is open while the host selects winners or collects their info (status 9 or 13). */
export function isCollectingInfo(status: number) {
  return status === pickerStatus.selecting || status === pickerStatus.collectingInfo;
}

/** Whether the host may ban entrants now: not while a committed draw waits for its block, nor once it is over. */
export function canBan(picker: { status: number; currentDraw: { status: string } | null }) {
  if (picker.currentDraw?.status === "waiting") return false;
  return picker.status !== pickerStatus.completed && picker.status !== pickerStatus.cancelled;
}
