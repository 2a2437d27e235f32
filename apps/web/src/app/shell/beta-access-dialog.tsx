import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { hasLogin, useSession } from "../../features/auth";
import { lazyWhenOpened } from "../../shared/ui/lazy-when-opened";
import { closeBetaAccess, useBetaAccessOpened } from "./beta-access-state";

const BetaAccessDialogBody = lazyWhenOpened(() => import("./beta-access-dialog-body"), useBetaAccessOpened);

/** Opened by any HTTP 403; closes when the user logs in or the route path changes. */
export function BetaAccessDialog() {
  const { pathname } = useLocation();
  const loggedIn = useSession(hasLogin);
  const previous = useRef({ pathname, loggedIn });

  useEffect(() => {
    const before = previous.current;
    if (before.pathname !== pathname || (!before.loggedIn && loggedIn)) closeBetaAccess();
    previous.current = { pathname, loggedIn };
  }, [pathname, loggedIn]);

  return <BetaAccessDialogBody />;
}
