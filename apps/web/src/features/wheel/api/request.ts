import { createFeatureRequest } from "../../../shared/api/feature-request";

/** The wire schemas load with the first wheel request, not with the first route. */
export const wheelSchemas = () => import("@dropfair/schemas/wheel");

export const wheelQueryKey = ["wheel"] as const;

/** Calls under /api/bounty/wheel; an error typeCode becomes an ApiCodeError carrying the server's message. */
export const wheelRequest = createFeatureRequest({ feature: "wheel", prefix: "/wheel" });
