// Games: creation (the salt drawn here, its hash published at once), the list, the detail with its status and
// (once over) its salt, closing early, and the on-chain funding of token and NFT prizes.
import { randomBytes } from "node:crypto";
import { saltHashOf } from "@dropfair/core/wheel";
import type { Tx } from "@dropfair/db";
import type {
  WheelCreateInput,
  WheelGameDetail,
  WheelGameList,
  WheelPrizeInput,
} from "@dropfair/schemas/wheel";
import { wheelStatuses } from "@dropfair/schemas/wheel";
import { type Address, bytesToHex, isAddressEqual, type PublicClient, parseUnits } from "viem";
import { readDistributorCampaign, readTokenMetadata } from "./chain.ts";
import type { Actor, WheelDependencies } from "./dependencies.ts";
import { wheelErrors } from "./errors.ts";
import * as lists from "./list-repository.ts";
import * as repository from "./repository.ts";
import { allFunded, detailView, gameStatus, isFundable, isRevealed, summaryView } from "./views.ts";

type Session = NonNullable<Actor>;

/** Who may manage a game: its creator, and for a partner game any platform administrator. */
export function canManage(
  dependencies: Pick<WheelDependencies, "isAdmin">,
  actor: Actor,
  game: repository.GameRow,
) {
  if (actor === null) return false;
  return (
    actor.userId === game.creatorUserId || (game.partnerSlug !== null && dependencies.isAdmin(actor.address))
  );
}

function chainOf(
  dependencies: WheelDependencies,
  chainId: number,
): { client: PublicClient; contract: Address } {
  const contract = dependencies.contracts[chainId];
  const client = dependencies.chainClient(chainId);
  if (!contract || !client) throw wheelErrors.chainUnsupported(chainId);
  return { client, contract };
}

type PrizeValues = Omit<
  repository.PrizeRow,
  "gameId" | "distributorCampaignId" | "fundedAt" | "claimableUntil"
>;

/** A prize as stored: its amount in base units (tokens: with the decimals the chain reports). */
async function prizeValues(
  dependencies: WheelDependencies,
  client: PublicClient,
  chainId: number,
  prize: WheelPrizeInput,
  index: number,
): Promise<PrizeValues> {
  const base = {
    prizeId: `p${index + 1}`,
    position: index,
    kind: prize.kind,
    label: prize.label ?? "",
    weight: prize.weight,
    count: prize.count,
    tokenAddress: null,
    tokenSymbol: null,
    tokenDecimals: null,
  };
  if (prize.kind === "nothing" || prize.kind === "ep") {
    if (prize.token !== undefined) throw wheelErrors.prizeInvalid(index, "unexpectedField");
    if (prize.kind === "nothing") {
      if (prize.amount !== undefined) throw wheelErrors.prizeInvalid(index, "unexpectedField");
      return { ...base, amount: "0" };
    }
    if (prize.amount === undefined) throw wheelErrors.prizeInvalid(index, "amountRequired");
    if (!/^[1-9][0-9]{0,8}$/.test(prize.amount)) throw wheelErrors.prizeInvalid(index, "amountInvalid");
    return { ...base, amount: prize.amount };
  }
  if (prize.count === null) throw wheelErrors.prizeInvalid(index, "countRequired");
  if (prize.token === undefined) throw wheelErrors.prizeInvalid(index, "tokenRequired");
  if (!dependencies.distributors[chainId]) throw wheelErrors.chainUnsupported(chainId);
  const metadata = await readTokenMetadata(client, prize.token, prize.kind);
  if (metadata === null) throw wheelErrors.tokenInvalid(index);
  const token = { tokenAddress: prize.token, tokenSymbol: metadata.symbol, tokenDecimals: metadata.decimals };
  if (prize.kind === "nft") {
    if (prize.amount !== undefined && prize.amount !== "1")
      throw wheelErrors.prizeInvalid(index, "amountInvalid");
    return { ...base, ...token, amount: "1" };
  }
  if (prize.amount === undefined) throw wheelErrors.prizeInvalid(index, "amountRequired");
  const fraction = prize.amount.split(".")[1] ?? "";
  const amount = parseUnits(prize.amount, metadata.decimals);
  if (fraction.length > metadata.decimals || amount <= 0n)
    throw wheelErrors.prizeInvalid(index, "amountInvalid");
  return { ...base, ...token, amount: amount.toString() };
}

export async function createGame(
  dependencies: WheelDependencies,
  actor: Session,
  input: WheelCreateInput,
): Promise<WheelGameDetail> {
  const { db, now } = dependencies;
  if (input.partnerSlug !== undefined && !dependencies.isAdmin(actor.address))
    throw wheelErrors.partnerAdminOnly();
  const { client, contract } = chainOf(dependencies, input.chainId);
  if (new Date(input.endAt) <= now()) throw wheelErrors.alreadyOver();
  const prizes: PrizeValues[] = [];
  for (const [index, prize] of input.prizes.entries()) {
    prizes.push(await prizeValues(dependencies, client, input.chainId, prize, index));
  }
  let head: bigint;
  try {
    head = await client.getBlockNumber();
  } catch (error) {
    throw wheelErrors.chainUnavailable(error);
  }
  // The secret of the game: drawn here, kept on the server until the game is over; only its hash goes out now.
  const salt = bytesToHex(randomBytes(32));
  const game = await db.transaction(async (tx) => {
    const row = await repository.insertGame(tx, {
      creatorUserId: actor.userId,
      partnerSlug: input.partnerSlug ?? null,
      title: input.title,
      description: input.description,
      chainId: input.chainId,
      contractAddress: contract,
      fromBlock: head,
      startsAt: new Date(input.startAt),
      endsAt: new Date(input.endAt),
      dailyFreeTicket: input.dailyFreeTicket,
      referralTickets: input.referralTickets,
      salt,
      saltHash: saltHashOf(salt),
    });
    await repository.insertPrizes(
      tx,
      prizes.map((prize) => ({ ...prize, gameId: row.id })),
    );
    await repository.ensureCursor(tx, input.chainId, contract, head);
    await dependencies.missions.campaignFor(row.id, actor.userId, input.title, tx);
    if (input.partnerSlug !== undefined) {
      await dependencies.audit(tx, {
        actorUserId: actor.userId,
        action: "wheel.createPartnerGame",
        targetKind: "wheelGame",
        targetId: String(row.id),
        details: { partnerSlug: input.partnerSlug },
      });
    }
    return row;
  });
  return gameDetail(dependencies, actor, game.id);
}

export async function listGames(
  dependencies: WheelDependencies,
  actor: Actor,
  query: { filter: "all" | "mine"; partner?: string | undefined; page: number; pageSize: number },
): Promise<WheelGameList> {
  if (query.filter === "mine" && actor === null) throw wheelErrors.loginRequired();
  const now = dependencies.now();
  const { rows, total } = await lists.listGames(
    dependencies.db,
    {
      ...(query.filter === "mine" ? { creatorUserId: actor!.userId } : {}),
      ...(query.partner !== undefined ? { partnerSlug: query.partner } : {}),
    },
    { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
  );
  return {
    rows: rows.map((row) => summaryView(row, { ...row, status: gameStatus(row, row.allFunded, now) })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The game, its prizes and how it stands now. */
export async function loadGameState(
  dependencies: WheelDependencies,
  gameId: number,
  db: Tx | WheelDependencies["db"] = dependencies.db,
) {
  const game = await repository.findGame(db, gameId);
  if (!game) throw wheelErrors.notFound();
  const prizes = await repository.prizesOf(db, gameId);
  const status = gameStatus(game, allFunded(prizes), dependencies.now());
  return { game, prizes, status };
}

export async function gameDetail(
  dependencies: WheelDependencies,
  actor: Actor,
  gameId: number,
): Promise<WheelGameDetail> {
  const { db } = dependencies;
  const { game, prizes, status } = await loadGameState(dependencies, gameId);
  const [won, settlement, creator, campaign] = await Promise.all([
    repository.wonCounts(db, gameId),
    repository.settlementOf(db, gameId),
    repository.creatorAddressOf(db, game.creatorUserId),
    dependencies.missions.findCampaign(gameId),
  ]);
  return detailView(game, {
    creator,
    status,
    prizes,
    won,
    spinCount: settlement.spins,
    revealed: isRevealed(status, settlement, dependencies.now()),
    distributor: dependencies.distributors[game.chainId] ?? null,
    missionCampaignId: campaign?.id ?? null,
    canManage: canManage(dependencies, actor, game),
  });
}

/** A manager's lock on the game; administrators acting on a partner game are audited. */
async function managedGame(dependencies: WheelDependencies, tx: Tx, actor: Session, gameId: number) {
  const game = await repository.lockGame(tx, gameId);
  if (!game) throw wheelErrors.notFound();
  if (!canManage(dependencies, actor, game)) throw wheelErrors.notCreator();
  const audited = actor.userId !== game.creatorUserId;
  return { game, audited };
}

/** Closes a game before its end: no more vouchers; the salt is published once every voucher given out expired. */
export async function closeGame(dependencies: WheelDependencies, actor: Session, gameId: number) {
  const { db, now } = dependencies;
  await db.transaction(async (tx) => {
    const { game, audited } = await managedGame(dependencies, tx, actor, gameId);
    const status = gameStatus(game, allFunded(await repository.prizesOf(tx, gameId)), now());
    if (status === wheelStatuses.closed || status === wheelStatuses.ended) throw wheelErrors.alreadyOver();
    await repository.closeGame(tx, gameId, now());
    if (audited) {
      await dependencies.audit(tx, {
        actorUserId: actor.userId,
        action: "wheel.close",
        targetKind: "wheelGame",
        targetId: String(gameId),
      });
    }
  });
  return gameDetail(dependencies, actor, gameId);
}

/**
 * Records the AirdropDistributor campaign that pays a token or NFT prize, after checking it on chain: the game's
 * creator opened it, for the prize's token and kind, with platform vouchers (mode all), open from the game's start
 * until after its end, and holding enough for every prize of that kind. An NFT campaign that fits but holds fewer
 * NFTs than the prize takes is kept as the prize's campaign, not funded yet (`campaignId` set, `funded` false): the
 * NFTs move in over several transactions, so a funding that stopped half-way continues with the same campaign,
 * and naming it again once it holds them all funds the prize.
 */
export async function fundPrize(
  dependencies: WheelDependencies,
  actor: Session,
  gameId: number,
  prizeId: string,
  campaignId: bigint,
) {
  const { db, now } = dependencies;
  const { game } = await loadGameState(dependencies, gameId);
  if (!canManage(dependencies, actor, game)) throw wheelErrors.notCreator();
  const distributor = dependencies.distributors[game.chainId];
  const client = dependencies.chainClient(game.chainId);
  if (!distributor || !client) throw wheelErrors.chainUnsupported(game.chainId);
  const campaign = await readDistributorCampaign(client, distributor, campaignId);
  await db.transaction(async (tx) => {
    const { game: locked, audited } = await managedGame(dependencies, tx, actor, gameId);
    const prizes = await repository.prizesOf(tx, gameId);
    const prize = prizes.find((candidate) => candidate.prizeId === prizeId);
    if (!prize) throw wheelErrors.notFound();
    if (!isFundable(prize)) throw wheelErrors.notFundable();
    if (prize.fundedAt !== null) throw wheelErrors.alreadyFunded();
    if (gameStatus(locked, allFunded(prizes), now()) !== wheelStatuses.created)
      throw wheelErrors.alreadyStarted();
    const creator = await repository.creatorAddressOf(tx, locked.creatorUserId);
    const inUse = await repository.campaignInUse(tx, locked.chainId, campaignId.toString(), {
      gameId,
      prizeId,
    });
    const mismatch = inUse ? "campaign" : fundingMismatch(campaign, prize, locked, creator);
    const partial = mismatch === "deposit" && prize.kind === "nft";
    if (mismatch && !partial) throw wheelErrors.fundingInvalid(mismatch);
    await repository.setPrizeFunding(tx, gameId, prizeId, {
      distributorCampaignId: campaignId.toString(),
      fundedAt: partial ? null : now(),
      claimableUntil: partial ? null : new Date(Number(campaign!.end) * 1000),
    });
    if (audited) {
      await dependencies.audit(tx, {
        actorUserId: actor.userId,
        action: "wheel.fundPrize",
        targetKind: "wheelGame",
        targetId: String(gameId),
        details: { prizeId, campaignId: campaignId.toString(), funded: !partial },
      });
    }
  });
  return gameDetail(dependencies, actor, gameId);
}

/** What of the campaign does not fit the prize, or null (when it is named, and again at the game's start). */
export function fundingMismatch(
  campaign: Awaited<ReturnType<typeof readDistributorCampaign>>,
  prize: repository.PrizeRow,
  game: repository.GameRow,
  creator: Address,
): string | null {
  if (campaign === null || isAddressEqual(campaign.creator, "0x0000000000000000000000000000000000000000"))
    return "campaign";
  if (!isAddressEqual(campaign.creator, creator)) return "creator";
  if (campaign.kind !== (prize.kind === "nft" ? 1 : 0)) return "kind";
  if (campaign.proofKind !== 1 || campaign.mode !== 0) return "mode";
  if (campaign.refunded) return "refunded";
  if (!isAddressEqual(campaign.token, prize.tokenAddress!)) return "token";
  if (campaign.start > BigInt(Math.floor(game.startsAt.getTime() / 1000))) return "start";
  if (campaign.end <= BigInt(Math.floor(game.endsAt.getTime() / 1000))) return "end";
  if (campaign.deposited - campaign.claimed < BigInt(prize.amount) * BigInt(prize.count ?? 0))
    return "deposit";
  return null;
}
