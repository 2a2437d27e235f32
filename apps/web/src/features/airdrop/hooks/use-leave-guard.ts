import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";
import { messageDialog } from "../../../shared/ui/message-dialog-state";

/**
 * Leaving with unsaved changes asks first — in-app navigation through the router's blocker, closing or
 * reloading the tab through `beforeunload`. `allowNext()` lets the page's own next navigation through (after a
 * save, or to the campaign page on finish).
 */
export function useLeaveGuard(dirty: boolean) {
  const { t } = useTranslation("validation");
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const bypass = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (bypass.current) {
      bypass.current = false;
      return false;
    }
    return dirtyRef.current && currentLocation.pathname !== nextLocation.pathname;
  });

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    let settled = false;
    void messageDialog.confirm({ message: t("validation.airdrop.unsavedChanges") }).then((leave) => {
      if (settled) return;
      settled = true;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      settled = true;
    };
  }, [blocker, t]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  return {
    allowNext: () => {
      bypass.current = true;
    },
  };
}
