import { PickerHomePage } from "../../features/picker";
import { usePickerIntegrations } from "./picker-integrations";

/** The index route and picker2 (pro layout): the picker list with X login and seed search. */
export function Component() {
  const { xAccount, signInWithX } = usePickerIntegrations();
  return <PickerHomePage xAccount={xAccount} signInWithX={signInWithX} />;
}
