import { readParentCode, useSession } from "../../features/auth";
import { ReferralPage } from "../../features/referral";
import { useLocalizePath } from "../../shared/i18n/use-locale";

export function Component() {
  const token = useSession((state) => state.userToken);
  const localize = useLocalizePath();
  return (
    <ReferralPage
      token={token}
      parentCode={token ? undefined : readParentCode()}
      localize={localize}
      origin={window.location.origin}
    />
  );
}
