import { useParams } from "react-router";
import { AirdropCampaignPage } from "../../features/airdrop";
import { NotFoundError } from "../../shared/api/errors";
import { useAirdropViewer } from "./airdrop-integrations";

/** airdrop/{id}: the campaign page — progress, claim, creator tools and the audit box. */
export function Component() {
  const { id = "" } = useParams();
  const viewer = useAirdropViewer();
  if (!/^[1-9]\d{0,15}$/.test(id)) throw new NotFoundError(id);
  return <AirdropCampaignPage key={id} id={Number(id)} viewer={viewer} />;
}
