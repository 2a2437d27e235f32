import { TipsListPage } from "../../features/tips";
import { useTipsViewer } from "./tips-integrations";

/** tips: the tips campaigns, with filters and the viewer's estimated earnings. */
export function Component() {
  return <TipsListPage viewer={useTipsViewer()} />;
}
