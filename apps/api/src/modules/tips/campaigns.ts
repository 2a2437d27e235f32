// Campaigns: creation (the prize converted to base units with the decimals the token reports on chain), the edit
// before the start by the creator, the list and the detail, and the on-chain funding of the prize through an
// AirdropDistributor voucher campaign.
import type { DbWriter, Tx } from "@dropfair/db";
import type {
  TipsCampaignDetail,
  TipsCampaignList,
  TipsCreateInput,
  TipsEditInput,
  TipsListFilter,
} from "@dropfair/schemas/tips";
import { tipsReloadIntervalSeconds, tipsStatuses } from "@dropfair/schemas/tips";
import { type Address, isAddressEqual, type PublicClient, parseUnits } from "viem";
import { type DistributorCampaign, readDistributorCampaign, readTokenMetadata } from "./chain.ts";
import type { Actor, TipsDependencies } from "./dependencies.ts";
import { tipsErrors } from "./errors.ts";
import * as repository from "./repository.ts";
import { claimableUntilOf, detailView, summaryView } from "./views.ts";

type Session = NonNullable<Actor>;

/**
 * The campaign's creator, and only them: edits, funding, join missions, helpers, confirmation and the refund.
 * Helpers and platform administrators are organizers too (bans and reports: `organizerRole`), but never manage the
 * prize.
 */
export function isCreator(actor: Actor, campaign: repository.CampaignRow): boolean {
  return actor !== null && actor.userId === campaign.creatorUserId;
}

export type OrganizerRole = "creator" | "helper" | "admin";

/**
 * How the caller organizes the campaign (docs/tips.md): its creator, a helper the creator named by wallet, or a
 * platform administrator (audited when acting as one); null for anyone else.
 */
export async function organizerRole(
  dependencies: Pick<TipsDependencies, "isAdmin">,
  db: DbWriter,
  actor: Actor,
  campaign: repository.CampaignRow,
): Promise<OrganizerRole | null> {
  if (actor === null) return null;
  if (isCreator(actor, campaign)) return "creator";
  if (await repository.isHelper(db, campaign.id, actor.address)) return "helper";
  return dependencies.isAdmin(actor.address) ? "admin" : null;
}

function chainOf(
  dependencies: TipsDependencies,
  chainId: number,
): { client: PublicClient; distributor: Address } {
  const distributor = dependencies.distributors[chainId];
  const client = dependencies.chainClient(chainId);
  if (!distributor || !client) throw tipsErrors.chainUnsupported(chainId);
  return { client, distributor };
}

/** The token's symbol and decimals, and the prize in its base units. */
async function prizeOf(dependencies: TipsDependencies, chainId: number, token: Address, totalPrize: string) {
  const { client } = chainOf(dependencies, chainId);
  const metadata = await readTokenMetadata(client, token);
  if (metadata === null) throw tipsErrors.tokenInvalid();
  const fraction = totalPrize.split(".")[1] ?? "";
  if (fraction.replace(/0+$/, "").length > metadata.decimals)
    throw tipsErrors.prizeTooPrecise(metadata.decimals);
  const amount = parseUnits(totalPrize, metadata.decimals);
  if (amount <= 0n) throw tipsErrors.prizeTooPrecise(metadata.decimals);
  return { tokenSymbol: metadata.symbol, tokenDecimals: metadata.decimals, totalPrize: amount.toString() };
}

export async function createCampaign(
  dependencies: TipsDependencies,
  actor: Session,
  input: TipsCreateInput,
): Promise<TipsCampaignDetail> {
  const { db, now } = dependencies;
  if (new Date(input.endAt) <= now()) throw tipsErrors.endPassed();
  const prize = await prizeOf(dependencies, input.chainId, input.token, input.totalPrize);
  const campaign = await db.transaction(async (tx) => {
    const row = await repository.insertCampaign(tx, {
      creatorUserId: actor.userId,
      title: input.title,
      description: input.description,
      hashtag: input.hashtag,
      mention: input.mention,
      slogan: input.slogan,
      startsAt: new Date(input.startAt),
      endsAt: new Date(input.endAt),
      chainId: input.chainId,
      tokenAddress: input.token,
      ...prize,
      weightViews: input.weights.views,
      weightLikes: input.weights.likes,
      weightReplies: input.weights.replies,
      weightRetweets: input.weights.retweets,
      weightQuotes: input.weights.quotes,
      tweetCap: input.tweetCap,
      dailyTweets: input.dailyTweets,
      status: tipsStatuses.notStarted,
    });
    await dependencies.missions.campaignFor(row.id, actor.userId, input.title, tx);
    return row;
  });
  return campaignDetail(dependencies, actor, campaign.id);
}

/** Changes a campaign before its start (its creator only); the prize and times are fixed once funded. */
export async function editCampaign(
  dependencies: TipsDependencies,
  actor: Session,
  campaignId: number,
  input: TipsEditInput,
): Promise<TipsCampaignDetail> {
  const { db, now } = dependencies;
  const current = await repository.findCampaign(db, campaignId);
  if (!current) throw tipsErrors.notFound();
  if (!isCreator(actor, current)) throw tipsErrors.notCreator();
  const money = input.chainId !== undefined || input.token !== undefined || input.totalPrize !== undefined;
  let values: Partial<repository.CampaignRow> = {};
  if (money) {
    const chainId = input.chainId ?? current.chainId;
    const token = input.token ?? current.tokenAddress;
    const totalPrize = input.totalPrize ?? formatUnitsOf(current);
    values = { chainId, tokenAddress: token, ...(await prizeOf(dependencies, chainId, token, totalPrize)) };
  }
  await db.transaction(async (tx) => {
    const campaign = await repository.lockCampaign(tx, campaignId);
    if (!campaign) throw tipsErrors.notFound();
    if (campaign.status !== tipsStatuses.notStarted || campaign.startsAt <= now())
      throw tipsErrors.alreadyStarted();
    const timed = input.startAt !== undefined || input.endAt !== undefined;
    if (campaign.fundedAt !== null && (money || timed)) throw tipsErrors.alreadyFunded();
    const next = {
      ...values,
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.hashtag !== undefined ? { hashtag: input.hashtag } : {}),
      ...(input.mention !== undefined ? { mention: input.mention } : {}),
      ...(input.slogan !== undefined ? { slogan: input.slogan } : {}),
      ...(input.startAt !== undefined ? { startsAt: new Date(input.startAt) } : {}),
      ...(input.endAt !== undefined ? { endsAt: new Date(input.endAt) } : {}),
      ...(input.weights !== undefined
        ? {
            weightViews: input.weights.views,
            weightLikes: input.weights.likes,
            weightReplies: input.weights.replies,
            weightRetweets: input.weights.retweets,
            weightQuotes: input.weights.quotes,
          }
        : {}),
      ...(input.tweetCap !== undefined ? { tweetCap: input.tweetCap } : {}),
      ...(input.dailyTweets !== undefined ? { dailyTweets: input.dailyTweets } : {}),
    };
    const merged = { ...campaign, ...next };
    if (merged.startsAt >= merged.endsAt) throw tipsErrors.timeOrder();
    if (merged.endsAt <= now()) throw tipsErrors.endPassed();
    if (merged.hashtag === "" && merged.mention === "" && merged.slogan === "")
      throw tipsErrors.essentialTextRequired();
    await repository.updateCampaign(tx, campaignId, { ...next, updatedAt: now() });
  });
  return campaignDetail(dependencies, actor, campaignId);
}

/** The stored prize back in token units (an edit that changes only the token keeps the amount people typed). */
function formatUnitsOf(campaign: repository.CampaignRow): string {
  const digits = campaign.totalPrize.padStart(campaign.tokenDecimals + 1, "0");
  const whole = digits.slice(0, digits.length - campaign.tokenDecimals);
  const fraction = digits.slice(digits.length - campaign.tokenDecimals).replace(/0+$/, "");
  return fraction === "" ? whole : `${whole}.${fraction}`;
}

export async function listCampaigns(
  dependencies: TipsDependencies,
  actor: Actor,
  query: { filter: TipsListFilter; page: number; pageSize: number },
): Promise<TipsCampaignList> {
  const { db } = dependencies;
  if ((query.filter === "mine" || query.filter === "joined") && actor === null)
    throw tipsErrors.loginRequired();
  const { rows, total } = await repository.listCampaigns(db, query.filter, actor?.userId ?? null, {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  const earnings =
    actor === null
      ? new Map<number, string>()
      : await repository.earningsOf(
          db,
          actor.userId,
          rows.map((row) => row.id),
        );
  return {
    rows: rows.map((row) =>
      summaryView(row, { creator: row.creator, myEarned: earnings.get(row.id) ?? null }),
    ),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function campaignDetail(
  dependencies: TipsDependencies,
  actor: Actor,
  campaignId: number,
): Promise<TipsCampaignDetail> {
  const { db } = dependencies;
  const campaign = await repository.findCampaign(db, campaignId);
  if (!campaign) throw tipsErrors.notFound();
  const [creator, missionCampaign, participant, earnings, role] = await Promise.all([
    repository.addressOfUser(db, campaign.creatorUserId),
    dependencies.missions.findCampaign(campaignId),
    actor === null ? undefined : repository.participantOfUser(db, campaignId, actor.userId),
    actor === null ? new Map<number, string>() : repository.earningsOf(db, actor.userId, [campaignId]),
    organizerRole(dependencies, db, actor, campaign),
  ]);
  return detailView(campaign, {
    creator,
    myEarned: earnings.get(campaignId) ?? null,
    distributor: dependencies.distributors[campaign.chainId] ?? null,
    missionCampaignId: missionCampaign?.id ?? null,
    canManage: role === "creator",
    canModerate: role !== null,
    participant,
    reloadIntervalMs: tipsReloadIntervalSeconds * 1000,
    now: dependencies.now(),
  });
}

/**
 * Records the AirdropDistributor campaign that pays the prize, after checking it on chain: the campaign's creator
 * opened it for the reward token with platform vouchers (mode all), it is open from the campaign's start (so it
 * cannot be refunded while the campaign runs) until the end of the claim window, and it holds the whole prize.
 */
export async function fundCampaign(
  dependencies: TipsDependencies,
  actor: Session,
  campaignId: number,
  distributorCampaignId: bigint,
): Promise<TipsCampaignDetail> {
  const { db, now } = dependencies;
  const current = await repository.findCampaign(db, campaignId);
  if (!current) throw tipsErrors.notFound();
  if (!isCreator(actor, current)) throw tipsErrors.notCreator();
  const { client, distributor } = chainOf(dependencies, current.chainId);
  const onChain = await readDistributorCampaign(client, distributor, distributorCampaignId);
  await db.transaction(async (tx) => {
    const campaign = await repository.lockCampaign(tx, campaignId);
    if (!campaign) throw tipsErrors.notFound();
    if (campaign.fundedAt !== null) throw tipsErrors.alreadyFunded();
    if (campaign.status !== tipsStatuses.notStarted) throw tipsErrors.alreadyStarted();
    if (campaign.endsAt <= now()) throw tipsErrors.alreadyOver();
    const creator = await repository.addressOfUser(tx, campaign.creatorUserId);
    const inUse = await repository.distributorCampaignInUse(
      tx,
      campaign.chainId,
      distributorCampaignId.toString(),
    );
    const mismatch = inUse ? "campaign" : fundingMismatch(onChain, campaign, creator);
    if (mismatch) throw tipsErrors.fundingInvalid(mismatch);
    await repository.updateCampaign(tx, campaignId, {
      distributorCampaignId: distributorCampaignId.toString(),
      fundedAt: now(),
      updatedAt: now(),
    });
  });
  await dependencies.refreshSoon(campaignId);
  return campaignDetail(dependencies, actor, campaignId);
}

/** What of the distributor campaign does not fit the tips campaign, or null. */
export function fundingMismatch(
  onChain: DistributorCampaign | null,
  campaign: repository.CampaignRow,
  creator: Address,
): string | null {
  if (onChain === null || isAddressEqual(onChain.creator, "0x0000000000000000000000000000000000000000"))
    return "campaign";
  if (!isAddressEqual(onChain.creator, creator)) return "creator";
  if (onChain.kind !== 0) return "kind";
  if (onChain.proofKind !== 1 || onChain.mode !== 0) return "mode";
  if (onChain.refunded) return "refunded";
  if (!isAddressEqual(onChain.token, campaign.tokenAddress)) return "token";
  if (onChain.start > BigInt(Math.floor(campaign.startsAt.getTime() / 1000))) return "start";
  if (onChain.end < BigInt(Math.floor(claimableUntilOf(campaign).getTime() / 1000))) return "end";
  if (onChain.deposited - onChain.claimed < BigInt(campaign.totalPrize)) return "deposit";
  return null;
}

/** An organizer's lock on the campaign; administrators acting on a campaign they do not organize are audited. */
export async function organizedCampaign(
  dependencies: TipsDependencies,
  tx: Tx,
  actor: Session,
  campaignId: number,
) {
  const campaign = await repository.lockCampaign(tx, campaignId);
  if (!campaign) throw tipsErrors.notFound();
  const role = await organizerRole(dependencies, tx, actor, campaign);
  if (role === null) throw tipsErrors.notOwner();
  return { campaign, audited: role === "admin" };
}
