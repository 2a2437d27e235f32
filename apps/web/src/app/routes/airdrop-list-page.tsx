import { AirdropListPage } from "../../features/airdrop";
import { useAirdropViewer } from "./airdrop-integrations";

/** airdrop: the airdrop list with My Creation and My Wins. */
export function Component() {
  return <AirdropListPage viewer={useAirdropViewer()} />;
}
