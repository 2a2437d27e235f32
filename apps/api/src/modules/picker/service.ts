// The picker service the routes use: every use case of the module, composed over the same dependencies.
import { pickerBansAndHelpers } from "./bans.ts";
import type { PickerDependencies } from "./context.ts";
import { pickerCreation } from "./create.ts";
import { pickerDraws } from "./draws.ts";
import { pickerLifecycle } from "./lifecycle.ts";
import { pickerLists } from "./lists.ts";
import { pickerPlans } from "./plans.ts";
import { pickerPosters } from "./poster.ts";
import { pickerWinners } from "./winners.ts";

export function createPickerService(dependencies: PickerDependencies) {
  return {
    ...pickerLists(dependencies),
    ...pickerCreation(dependencies),
    ...pickerLifecycle(dependencies),
    ...pickerDraws(dependencies),
    ...pickerWinners(dependencies),
    ...pickerBansAndHelpers(dependencies),
    ...pickerPosters(dependencies),
    ...pickerPlans(dependencies),
  };
}

export type PickerService = ReturnType<typeof createPickerService>;
