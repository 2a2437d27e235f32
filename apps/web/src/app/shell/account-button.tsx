import { Button, Loader } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { canLogin, hasLogin, login, useSession } from "../../features/auth";
import { AddressAvatar } from "../../shared/ui/address-avatar";
import { IconWallet } from "../../shared/ui/icons";
import { deferredComponent } from "../../shared/ui/lazy-when-opened";
import classes from "./shell.module.css";

/** The login button: 'connecting' while connecting, else 'connect'; disabled while login is not possible. */
export function LoginButton({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  const connecting = useSession((state) => state.isConnecting);
  const enabled = useSession(canLogin);
  return (
    <Button
      onClick={() => void login()}
      disabled={!enabled}
      leftSection={connecting ? <Loader size={14} color="currentColor" /> : <IconWallet size={16} />}
      fullWidth={fullWidth}
      data-testid="login-button"
    >
      {connecting ? t("account.connecting") : t("account.connect")}
    </Button>
  );
}

/** The signed-in dropdown loads with the session (a cached session loads the wallet stack too). */
const useAccountMenu = deferredComponent(() => import("./account-menu"));

function AccountMenuLoader({ variant }: { variant: "common" | "pro" }) {
  const [AccountMenu, request] = useAccountMenu();
  const address = useSession((state) => state.userAddress);
  useEffect(() => {
    if (!AccountMenu) request();
  }, [AccountMenu, request]);
  if (AccountMenu) return <AccountMenu variant={variant} />;
  return (
    <span className={classes.pill} aria-busy="true">
      <AddressAvatar address={address} size={24} variant={variant} />
      <Loader size={12} type="dots" />
    </span>
  );
}

/** Logged out: the login button. Logged in: the user dropdown with the short address. */
export function AccountButton({ variant = "common" }: { variant?: "common" | "pro" }) {
  const loggedIn = useSession(hasLogin);
  const address = useSession((state) => state.userAddress);
  if (!loggedIn || !address) return <LoginButton />;
  return <AccountMenuLoader variant={variant} />;
}
