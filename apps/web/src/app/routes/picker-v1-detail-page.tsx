import { useParams } from "react-router";
import { PickerDetailPage } from "../../features/picker";
import { usePickerIntegrations } from "./picker-integrations";

/** picker/{id}/{code?}: a version-1 picker, read-only, with the v1 state names. */
export function Component() {
  const { id } = useParams();
  return <PickerDetailPage key={id} id={id} version={1} {...usePickerIntegrations()} />;
}
