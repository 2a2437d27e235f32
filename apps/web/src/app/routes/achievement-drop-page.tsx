import { DropsPage } from "../../features/badges";

/** achievement/drop: badges open for minting now. */
export function Component() {
  return <DropsPage />;
}
