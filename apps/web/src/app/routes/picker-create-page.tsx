import { CreatePickerPage } from "../../features/picker";
import { usePickerIntegrations } from "./picker-integrations";

/** picker2/create: the create form, with X sign-in and the membership dialog passed in. */
export function Component() {
  return <CreatePickerPage {...usePickerIntegrations()} />;
}
