import { data, type LoaderFunctionArgs, type RouteObject, redirect } from "react-router";
import { partnerActivities } from "../config/partners";
import { partnerRouteName, paths, type RouteName } from "../config/paths";
import { rememberParentCode } from "../features/auth";
import { type Locale, localizePath } from "../shared/i18n/locale";
import { BountyLayout, CommonLayout, DefaultLayout, HomeLayout, ProLayout } from "./layouts/layouts";
import { RootFrame } from "./root-frame";
import type { LayoutName, RouteHandle } from "./route-handle";
import { RouteErrorPage } from "./routes/route-error-page";
import { RouteLoading } from "./routes/route-loading";

const segmentPattern = /^[A-Za-z0-9_-]{1,64}$/;
const codePattern = /^[A-Za-z0-9_-]{1,16}$/;

/** A route whose params fail validation shows the 404 page. */
function validateParams(params: LoaderFunctionArgs["params"]) {
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || key === "*") continue;
    const pattern = key === "code" ? codePattern : segmentPattern;
    if (!pattern.test(value)) throw data(null, { status: 404, statusText: "Not Found" });
  }
}

function validatingLoader({ params }: LoaderFunctionArgs) {
  validateParams(params);
  return null;
}

/** Achievement and partner routes carry a referral parent code in `:code`. */
function parentCodeLoader({ params }: LoaderFunctionArgs) {
  validateParams(params);
  if (params.code) rememberParentCode(params.code);
  return null;
}

const comingSoon = () => import("./routes/coming-soon-page");

type PageSpec = {
  name: RouteName;
  module?: RouteObject["lazy"];
  handle?: Omit<RouteHandle, "name" | "layout" | "locale">;
  captureParentCode?: boolean;
};

function page(locale: Locale, spec: PageSpec): RouteObject {
  const pattern = paths[spec.name].pattern;
  return {
    id: `${locale}.${spec.name}`,
    ...(pattern === "" ? { index: true } : { path: pattern }),
    lazy: spec.module ?? comingSoon,
    loader: spec.captureParentCode ? parentCodeLoader : validatingLoader,
    handle: { name: spec.name, ...spec.handle } satisfies RouteHandle,
    ErrorBoundary: RouteErrorPage,
  } as RouteObject;
}

function RedirectPending() {
  return null;
}

function redirectRoute(
  locale: Locale,
  name: RouteName,
  target: (params: LoaderFunctionArgs["params"]) => string,
) {
  return {
    id: `${locale}.${name}`,
    path: paths[name].pattern,
    handle: { name } satisfies RouteHandle,
    // The loader always redirects; the component only exists so the router never renders an empty leaf.
    Component: RedirectPending,
    loader: ({ params, request }: LoaderFunctionArgs) => {
      const { search } = new URL(request.url);
      return redirect(`${localizePath(target(params), locale)}${search}`);
    },
  } satisfies RouteObject;
}

const layoutComponents: Record<LayoutName, () => React.ReactNode> = {
  bounty: BountyLayout,
  common: CommonLayout,
  default: DefaultLayout,
  home: HomeLayout,
  pro: ProLayout,
};

function layout(locale: Locale, name: LayoutName, children: RouteObject[]): RouteObject {
  return {
    id: `${locale}.layout.${name}`,
    Component: layoutComponents[name],
    handle: { layout: name } satisfies RouteHandle,
    children,
  };
}

const feature = (name: string) => ({ feature: name });

/** Achievements, airdrops, tips, the wheel and the partner activities. */
function bountyPages(locale: Locale): RouteObject[] {
  const at = (spec: PageSpec) => page(locale, spec);
  return [
    // Badges are minted on the chain each one names: these pages clear the route network (`network: ''`) and
    // switch the wallet when a mint needs it; the early-bird programme is Ethereum's.
    at({
      name: "achievement",
      captureParentCode: true,
      module: () => import("./routes/achievement-page"),
      handle: { ...feature("achievement"), network: "" },
    }),
    at({
      name: "achievementEarlybird",
      captureParentCode: true,
      module: () => import("./routes/achievement-earlybird-page"),
      handle: { ...feature("achievementEarlybird"), network: "1" },
    }),
    at({
      name: "achievementUnitag",
      captureParentCode: true,
      module: () => import("./routes/achievement-unitag-page"),
      handle: { ...feature("achievementDetail"), network: "" },
    }),
    at({
      name: "achievementDrop",
      module: () => import("./routes/achievement-drop-page"),
      handle: { ...feature("achievementDrop"), network: "" },
    }),
    at({
      name: "achievementDetail",
      module: () => import("./routes/achievement-detail-page"),
      handle: { ...feature("achievementDetail"), network: "" },
    }),
    at({
      name: "achievementDetailWithLucky",
      module: () => import("./routes/lucky-detail-page"),
      handle: { ...feature("achievementDetail"), network: "" },
    }),
    // Airdrops run on the chain each one chooses: the pages clear the route network (`network: ''`) and
    // switch the wallet themselves when a transaction needs it.
    at({
      name: "airdrop",
      module: () => import("./routes/airdrop-list-page"),
      handle: { ...feature("airdrop"), network: "" },
    }),
    at({
      name: "airdropCreate",
      module: () => import("./routes/airdrop-create-page"),
      handle: { ...feature("airdropCreate"), network: "" },
    }),
    at({
      name: "airdropDetail",
      module: () => import("./routes/airdrop-detail-page"),
      handle: { ...feature("airdropDetail"), network: "" },
    }),
    // A tips campaign pays on the chain it chooses: the pages clear the route network and switch the wallet
    // themselves when the creator funds the prize.
    at({
      name: "tips",
      module: () => import("./routes/tips-list-page"),
      handle: { ...feature("tips"), network: "" },
    }),
    at({
      name: "tipsCreate",
      module: () => import("./routes/tips-create-page"),
      handle: { ...feature("tips"), network: "" },
    }),
    at({
      name: "tipsDetail",
      module: () => import("./routes/tips-detail-page"),
      handle: { ...feature("tips"), network: "" },
    }),
    at({
      name: "tipsBanned",
      module: () => import("./routes/tips-banned-page"),
      handle: { ...feature("tipsBanned"), network: "" },
    }),
    // A game runs on the chain it names: the pages clear the route network and switch the wallet for a spin.
    at({
      name: "game",
      module: () => import("./routes/game-list-page"),
      handle: { ...feature("game"), network: "" },
    }),
    at({
      name: "gameCreate",
      module: () => import("./routes/game-create-page"),
      handle: { ...feature("game"), network: "" },
    }),
    at({
      name: "gameDetail",
      module: () => import("./routes/game-detail-page"),
      handle: { ...feature("game"), network: "" },
    }),
    ...partnerActivities.map(
      (partner) =>
        ({
          id: `${locale}.${partnerRouteName(partner.slug)}`,
          path: `${partner.slug}/:code?`,
          lazy: () => import("./routes/lucky-detail-page"),
          loader: parentCodeLoader,
          handle: {
            name: partnerRouteName(partner.slug),
            feature: "partner",
            partner: partner.slug,
            network: "",
          } satisfies RouteHandle,
          ErrorBoundary: RouteErrorPage,
        }) satisfies RouteObject,
    ),
  ];
}

/** Referral, points, news, the chain list, the safe check, reports and administration. */
function commonPages(locale: Locale): RouteObject[] {
  const at = (spec: PageSpec) => page(locale, spec);
  return [
    at({
      name: "adminAudit",
      module: () => import("./routes/admin-audit-page"),
      handle: feature("adminAudit"),
    }),
    at({
      name: "adminBadges",
      module: () => import("./routes/admin-badges-page"),
      handle: { ...feature("adminBadges"), network: "" },
    }),
    at({ name: "referral", module: () => import("./routes/referral-page"), handle: feature("referral") }),
    at({ name: "points", module: () => import("./routes/points-page"), handle: feature("points") }),
    at({ name: "drops", module: () => import("./routes/drops-page"), handle: feature("drops") }),
    at({ name: "daily", module: () => import("./routes/daily-page"), handle: feature("daily") }),
    at({
      name: "chain",
      module: () => import("./routes/chain-page"),
      handle: { ...feature("chain"), network: "" },
    }),
    // The safe check reads whichever chain the user picks on the page, so the route network is cleared.
    at({
      name: "safe",
      module: () => import("./routes/safe-page"),
      handle: { ...feature("safe"), network: "" },
    }),
    at({
      name: "safeChecker",
      module: () => import("./routes/safe-checker-page"),
      handle: { ...feature("safe"), network: "" },
    }),
    at({
      name: "reportBug",
      module: () => import("./routes/feedback-pages").then((module) => ({ Component: module.BugReportPage })),
      handle: feature("reportBug"),
    }),
    at({
      name: "reportFeature",
      module: () =>
        import("./routes/feedback-pages").then((module) => ({ Component: module.FeatureRequestPage })),
      handle: feature("reportFeature"),
    }),
    at({
      name: "newsletterUnsubscribe",
      module: () =>
        import("./routes/feedback-pages").then((module) => ({
          Component: module.NewsletterUnsubscribePage,
        })),
      handle: feature("newsletterUnsubscribe"),
    }),
  ];
}

function localeTree(locale: Locale): RouteObject[] {
  const at = (spec: PageSpec) => page(locale, spec);
  return [
    // Login return pages have no layout.
    at({
      name: "authTwitter",
      module: () => import("./routes/x-auth-return-page"),
      handle: feature("authTwitter"),
    }),
    at({
      name: "authDiscord",
      module: () => import("./routes/auth-return-page"),
      handle: feature("authDiscord"),
    }),
    at({
      name: "authTelegram",
      module: () => import("./routes/auth-return-page"),
      handle: feature("authTelegram"),
    }),

    redirectRoute(locale, "picker", () => paths.picker2.build()),
    redirectRoute(locale, "pickerCreate", () => paths.picker2Create.build()),
    redirectRoute(locale, "pickerPro", (params) =>
      `${paths.picker2.build()}/${params["*"] ?? ""}`.replace(/\/$/, ""),
    ),

    layout(locale, "pro", [
      at({ name: "index", module: () => import("./routes/picker-index-page"), handle: feature("picker") }),
      at({
        name: "pickerDetail",
        module: () => import("./routes/picker-v1-detail-page"),
        handle: feature("pickerV1"),
      }),
      at({ name: "picker2", module: () => import("./routes/picker-index-page"), handle: feature("picker") }),
      at({
        name: "picker2Create",
        module: () => import("./routes/picker-create-page"),
        handle: feature("pickerCreate"),
      }),
      at({
        name: "picker2Detail",
        module: () => import("./routes/picker-detail-page"),
        handle: feature("pickerDetail"),
      }),
      at({
        name: "picker2Banned",
        module: () =>
          import("../features/picker-bans").then((module) => ({ Component: module.BannedUsersPage })),
        handle: feature("pickerBanned"),
      }),
      at({
        name: "simulator",
        module: () => import("../features/simulator").then((module) => ({ Component: module.SimulatorPage })),
        handle: feature("simulator"),
      }),
    ]),
    layout(locale, "home", [
      at({ name: "product", module: () => import("./routes/home-page"), handle: feature("home") }),
      at({ name: "home", module: () => import("./routes/home-page"), handle: feature("home") }),
    ]),
    layout(locale, "bounty", bountyPages(locale)),
    layout(locale, "common", commonPages(locale)),
    layout(locale, "default", [
      at({
        name: "feedbackInbox",
        module: () =>
          import("./routes/feedback-pages").then((module) => ({ Component: module.FeedbackInboxPage })),
        handle: feature("feedbackInbox"),
      }),
      {
        id: `${locale}.notFound`,
        path: "*",
        lazy: () => import("./routes/not-found-page"),
        handle: { name: "notFound" } satisfies RouteHandle,
        ErrorBoundary: RouteErrorPage,
      },
    ]),
  ];
}

/** The route table: one tree per locale, English at the root and every other locale under its prefix. */
export const routes: RouteObject[] = [
  {
    id: "root",
    Component: RootFrame,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: RouteLoading,
    children: [
      { id: "cn", path: "cn", handle: { locale: "cn" } satisfies RouteHandle, children: localeTree("cn") },
      { id: "en", path: "/", handle: { locale: "en" } satisfies RouteHandle, children: localeTree("en") },
    ],
  },
];
