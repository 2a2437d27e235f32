import { useLocation, useParams } from "react-router";
import { hasLogin, useSession } from "../../features/auth";
import { BadgeDetailPage } from "../../features/badges";
import { NotFoundView } from "./not-found-view";

/** achievement/unitag/:id: one badge. */
export function Component() {
  const { id = "" } = useParams();
  const { pathname } = useLocation();
  const signedIn = useSession(hasLogin);
  const token = useSession((state) => state.userToken);
  const address = useSession((state) => state.userAddress);
  if (!/^[1-9][0-9]{0,15}$/.test(id)) return <NotFoundView path={pathname} />;
  return <BadgeDetailPage id={Number(id)} viewer={signedIn ? token : undefined} address={address} />;
}
