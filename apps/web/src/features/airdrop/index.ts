// The airdrop feature's public surface: the list, the create/edit wizard and the campaign page, and what the app
// passes in. Each page is its own chunk; the wallet steps load only when a transaction starts.
import { lazy } from "react";

export const AirdropListPage = lazy(() =>
  import("./components/airdrop-list-page").then((module) => ({ default: module.AirdropListPage })),
);
export const AirdropWizardPage = lazy(() =>
  import("./components/airdrop-wizard-page").then((module) => ({ default: module.AirdropWizardPage })),
);
export const AirdropCampaignPage = lazy(() =>
  import("./components/airdrop-campaign-page").then((module) => ({ default: module.AirdropCampaignPage })),
);

export type { AirdropViewer } from "./model/integrations";

export type { DistributorVoucher } from "./wallet/distributor";
/**
 * The distributor's voucher claim (`claimWithVoucher`) for features an AirdropDistributor campaign pays; the
 * wallet code loads only when it is called.
 */
export const loadVoucherClaim = () =>
  import("./wallet/distributor").then((module) => module.claimWithVoucher);
/**
 * The distributor's refund (`refund`) of what a campaign still holds, for features an AirdropDistributor
 * campaign pays (the tips creator's refund); the wallet code loads only when it is called.
 */
export const loadDistributorRefund = () => import("./wallet/distributor").then((module) => module.refund);
