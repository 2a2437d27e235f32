import type { TipsCreateBody, TipsEditBody } from "@dropfair/schemas/tips";
import { tipsRequest, tipsSchemas } from "./request";

const detailSchema = () => tipsSchemas().then((module) => module.tipsCampaignDetailSchema);

/** POST /campaigns: creates a campaign; the idempotency key makes a retried submit create one. */
export function createTipsCampaign(body: TipsCreateBody, idempotencyKey: string) {
  return tipsRequest("/campaigns", detailSchema, {
    method: "POST",
    body,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

/** PATCH /campaigns/:id: the creator's edit before the start. */
export function editTipsCampaign(id: number, body: TipsEditBody) {
  return tipsRequest(`/campaigns/${id}`, detailSchema, { method: "PATCH", body });
}

/** Names the AirdropDistributor campaign that holds the prize (the server checks it on chain). */
export function fundTipsCampaign(id: number, distributorCampaignId: string) {
  return tipsRequest(`/campaigns/${id}/funding`, detailSchema, {
    method: "POST",
    body: { campaignId: distributorCampaignId },
  });
}

export function joinTipsCampaign(id: number) {
  return tipsRequest(`/campaigns/${id}/join`, detailSchema, { method: "POST" });
}

const banListSchema = () => tipsSchemas().then((module) => module.tipsBanListSchema);

export function banTipsParticipant(id: number, xUserId: string, reason: string) {
  return tipsRequest(`/campaigns/${id}/bans`, banListSchema, {
    method: "POST",
    body: { xUserId, reason },
  });
}

export function liftTipsBan(id: number, xUserId: string) {
  return tipsRequest(`/campaigns/${id}/bans/${xUserId}`, banListSchema, {
    method: "DELETE",
  });
}

const helperListSchema = () => tipsSchemas().then((module) => module.tipsHelperListSchema);

/** POST /campaigns/:id/helpers: the creator names a helper by wallet address (naming one again changes nothing). */
export function addTipsHelper(id: number, address: string) {
  return tipsRequest(`/campaigns/${id}/helpers`, helperListSchema, { method: "POST", body: { address } });
}

export function removeTipsHelper(id: number, address: string) {
  return tipsRequest(`/campaigns/${id}/helpers/${address}`, helperListSchema, { method: "DELETE" });
}

export function reportTipsParticipant(id: number, xUserId: string, reason: string) {
  return tipsRequest(
    `/campaigns/${id}/reports`,
    () => import("zod").then(({ z }) => z.object({ reported: z.boolean() })),
    {
      method: "POST",
      body: { xUserId, reason },
    },
  );
}

/** POST /campaigns/:id/reload: reads the participant's own tweets and metrics from X now (once per 3 hours). */
export function reloadTipsMetrics(id: number) {
  return tipsRequest(
    `/campaigns/${id}/reload`,
    () => tipsSchemas().then((module) => module.tipsReloadSchema),
    {
      method: "POST",
    },
  );
}
