import { useParams } from "react-router";
import { TipsCampaignPage } from "../../features/tips";
import { NotFoundError } from "../../shared/api/errors";
import { useTipsViewer } from "./tips-integrations";

/** tips/{id}: one tips campaign — joining, the formula, the leaderboard and the organizer's tools. */
export function Component() {
  const { id = "" } = useParams();
  const viewer = useTipsViewer();
  if (!/^[1-9]\d{0,15}$/.test(id)) throw new NotFoundError(id);
  return <TipsCampaignPage key={id} id={Number(id)} viewer={viewer} />;
}
