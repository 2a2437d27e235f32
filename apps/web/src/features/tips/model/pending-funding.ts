import { localStore } from "../../../shared/lib/storage";

/**
 * A funding whose deposit was sent but not yet named to the API: its transaction, then the distributor campaign
 * it opened once mined. Kept in this browser until the API records it, so that Fund after a failed report (the
 * API or the network down, the page closed) resumes that deposit instead of opening a second campaign and
 * locking the prize twice.
 */
export type PendingFunding = { txHash: `0x${string}`; distributorCampaignId?: string };

type FundedCampaign = { id: number; chainId: number };

const pendingKey = (campaign: FundedCampaign) => `dropfair.tips.funding.${campaign.chainId}.${campaign.id}`;

const hashPattern = /^0x[0-9a-fA-F]{64}$/;

export function readPendingFunding(campaign: FundedCampaign): PendingFunding | undefined {
  const stored = localStore.get(pendingKey(campaign));
  if (!stored) return undefined;
  try {
    const value = JSON.parse(stored) as Partial<PendingFunding>;
    if (typeof value.txHash !== "string" || !hashPattern.test(value.txHash)) return undefined;
    const id = value.distributorCampaignId;
    return typeof id === "string" && /^\d+$/.test(id)
      ? { txHash: value.txHash, distributorCampaignId: id }
      : { txHash: value.txHash };
  } catch {
    return undefined;
  }
}

export function savePendingFunding(campaign: FundedCampaign, pending: PendingFunding) {
  try {
    localStore.set(pendingKey(campaign), JSON.stringify(pending));
  } catch {
    // Storage full or refused: the funding goes on; only a resume after a failed report is lost.
  }
}

export function clearPendingFunding(campaign: FundedCampaign) {
  localStore.remove(pendingKey(campaign));
}
