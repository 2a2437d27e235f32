import { resolveRouteNetwork } from "@dropfair/core/route-meta";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigationType } from "react-router";
import { SessionSync } from "../features/auth";
import { XAuthSync } from "../features/x-auth";
import { i18n } from "../shared/i18n/i18n";
import { htmlLang, localeFromPath } from "../shared/i18n/locale";
import { MessageDialog } from "../shared/ui/message-dialog";
import { WalletDialog } from "../shared/wallet/wallet-dialog";
import { networkStore } from "../shared/wallet/wallet-state";
import { useRouteHandle } from "./route-handle";
import { BetaAccessDialog } from "./shell/beta-access-dialog";
import { PlatformBootstrap } from "./shell/platform-bootstrap";

const defaultNetworkId = 56;

/** Follows the URL's locale (also on back/forward across locales). */
function LocaleSync() {
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    document.documentElement.lang = htmlLang[locale];
  }, [locale]);
  return null;
}

/** A route's `network` handle: a value selects that chain, '' clears it, absence means chain 56. */
function RouteNetworkSync() {
  const { network, name } = useRouteHandle();
  // biome-ignore lint/correctness/useExhaustiveDependencies: entering any route re-applies its rule, so a network picked on one page does not leak into the next
  useEffect(() => {
    networkStore.set({
      networkId: resolveRouteNetwork(network === undefined ? {} : { network }, defaultNetworkId),
    });
  }, [network, name]);
  return null;
}

function scrollToHash(hash: string) {
  const id = decodeURIComponent(hash.slice(1));
  if (!id) return () => {};
  let frame = 0;
  let attempts = 0;
  let left = false;
  let stopAnimation: (() => void) | undefined;
  // The target may belong to a lazily loaded page: look for it for a couple of seconds.
  const tryScroll = () => {
    const element = document.getElementById(id);
    if (element) {
      // Our own 1 s animation (the helper loads on demand, outside the first route's JavaScript).
      void import("../shared/lib/smooth-scroll").then(({ animateScrollToElement }) => {
        if (!left) stopAnimation = animateScrollToElement(element);
      });
      return;
    }
    attempts += 1;
    if (attempts < 120) frame = requestAnimationFrame(tryScroll);
  };
  tryScroll();
  return () => {
    left = true;
    cancelAnimationFrame(frame);
    stopAnimation?.();
  };
}

/** Scroll to the top on route change unless the route opts out; a URL hash scrolls to its element. */
function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const { keepScroll } = useRouteHandle();
  const keepFromState = (location.state as { keepScroll?: boolean } | null)?.keepScroll === true;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per navigation, keyed by the location
  useEffect(() => {
    if (location.hash) return scrollToHash(location.hash);
    if (navigationType === "POP" || keepScroll || keepFromState) return;
    window.scrollTo({ top: 0, left: 0 });
  }, [location.key]);
  return null;
}

function DocumentTitle() {
  const { t } = useTranslation();
  const { feature } = useRouteHandle();
  useEffect(() => {
    const app = t("app.name");
    document.title = feature ? `${t(`features.${feature}.title`, { defaultValue: app })} · ${app}` : app;
  }, [t, feature]);
  return null;
}

/** The root route: cross-cutting behaviour and the app-wide dialogs around every page. */
export function RootFrame() {
  return (
    <>
      <PlatformBootstrap />
      <LocaleSync />
      <RouteNetworkSync />
      <ScrollManager />
      <DocumentTitle />
      <SessionSync />
      <XAuthSync />
      <Outlet />
      <WalletDialog />
      <MessageDialog />
      <BetaAccessDialog />
    </>
  );
}
