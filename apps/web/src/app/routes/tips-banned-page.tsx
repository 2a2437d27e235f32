import { useSearchParams } from "react-router";
import { TipsBanListPage } from "../../features/tips";
import { useTipsViewer } from "./tips-integrations";

/** tips/banned?campaign={id}: a tips campaign's ban list (and, for its organizers, the abuse reports). */
export function Component() {
  const [search] = useSearchParams();
  const id = search.get("campaign") ?? "";
  const campaignId = /^[1-9]\d{0,15}$/.test(id) ? Number(id) : null;
  return <TipsBanListPage key={id} campaignId={campaignId} viewer={useTipsViewer()} />;
}
