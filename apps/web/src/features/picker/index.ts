// The picker feature's public surface: the list, create and detail pages, and what the app passes in. Each page
// is its own chunk, so the first route (the list) carries neither the create form nor the detail page.
import { lazy } from "react";

export const PickerHomePage = lazy(() =>
  import("./components/picker-home-page").then((module) => ({ default: module.PickerHomePage })),
);
export const CreatePickerPage = lazy(() =>
  import("./components/create-picker-page").then((module) => ({ default: module.CreatePickerPage })),
);
export const PickerDetailPage = lazy(() =>
  import("./components/picker-detail-page").then((module) => ({ default: module.PickerDetailPage })),
);

export type { PickerDetailPageProps } from "./components/picker-detail-page";
export type {
  MembershipDialogSlotProps,
  PayDialogSlotProps,
  PickerIntegrations,
  XAccount,
} from "./model/integrations";
