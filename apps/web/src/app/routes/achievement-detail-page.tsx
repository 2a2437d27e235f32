import { useSearchParams } from "react-router";
import { hasLogin, useSession } from "../../features/auth";
import { ProgrammePage } from "../../features/badges";
import { usePlatformConfig } from "../../shared/api/get-platform-config";

/** achievement/detail?programme=CODE: one programme's badges (the growth programme by default). */
export function Component() {
  const [search] = useSearchParams();
  const signedIn = useSession(hasLogin);
  const token = useSession((state) => state.userToken);
  const address = useSession((state) => state.userAddress);
  const { data: config } = usePlatformConfig();
  const requested = search.get("programme");
  const code = requested && /^[A-Za-z0-9_-]{3,32}$/.test(requested) ? requested : config?.badges?.growthId;
  if (!code) return null;
  return <ProgrammePage code={code} viewer={signedIn ? token : undefined} address={address} luckyLink />;
}
