import { useParams } from "react-router";
import { AirdropWizardPage } from "../../features/airdrop";
import { NotFoundError } from "../../shared/api/errors";
import { useAirdropViewer } from "./airdrop-integrations";

/** airdrop/create/{id?}: the wizard, creating a new airdrop or editing the creator's own. */
export function Component() {
  const { id } = useParams();
  const viewer = useAirdropViewer();
  if (id !== undefined && !/^[1-9]\d{0,15}$/.test(id)) throw new NotFoundError(id);
  return <AirdropWizardPage id={id} viewer={viewer} />;
}
