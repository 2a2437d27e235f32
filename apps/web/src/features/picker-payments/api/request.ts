import { createFeatureRequest } from "../../../shared/api/feature-request";

/**
 * A picker API call for payments. Error codes carry the server's message ("This transaction has already been
 * used.") so the dialog can show it as it is, with the transaction kept for another try; every 403 opens the
 * beta-access dialog.
 */
export const paymentRequest = createFeatureRequest({ feature: "picker-payments", prefix: "/picker" });
