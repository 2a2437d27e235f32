import { hasLogin, useSession } from "../../features/auth";
import { ProgrammePage } from "../../features/badges";
import { usePlatformConfig } from "../../shared/api/get-platform-config";

/** achievement/earlybird: the early-bird programme, on Ethereum (the route selects network 1). */
export function Component() {
  const signedIn = useSession(hasLogin);
  const token = useSession((state) => state.userToken);
  const address = useSession((state) => state.userAddress);
  const { data: config } = usePlatformConfig();
  const code = config?.badges?.earlybirdId;
  if (!code) return null;
  return <ProgrammePage code={code} viewer={signedIn ? token : undefined} address={address} network={1} />;
}
