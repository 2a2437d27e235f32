import { Button, type ButtonProps } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { IconX } from "../../../shared/ui/icons";
import { startXSignIn } from "../model/x-auth";

/** "Sign in with X": goes to X's consent page and comes back to `returnTo` (default: the current page). */
export function XSignInButton({
  returnTo,
  label,
  ...props
}: ButtonProps & { returnTo?: string; label?: string }) {
  const { t } = useTranslation();
  const [starting, setStarting] = useState(false);
  return (
    <Button
      leftSection={<IconX size={14} />}
      loading={starting}
      onClick={() => {
        setStarting(true);
        void startXSignIn(returnTo).then((leaving) => {
          // On success the browser is leaving for X: keep the spinner until it does.
          if (!leaving) setStarting(false);
        });
      }}
      data-testid="x-sign-in"
      {...props}
    >
      {label ?? t("xAuth.signIn")}
    </Button>
  );
}
