import { useParams } from "react-router";
import { PickerDetailPage } from "../../features/picker";
import { usePickerIntegrations } from "./picker-integrations";

/** picker2/{id}/{code?}: a version-2 picker with the owner's draw area, the win form and the pay dialog. */
export function Component() {
  const { id } = useParams();
  return <PickerDetailPage key={id} id={id} version={2} {...usePickerIntegrations()} />;
}
