// Airdrops (SPEC §3–§6, DESIGN.md §7): drafts, the participant list, the frozen reward (amounts and Merkle tree),
// the on-chain campaign's books read from distributor receipts, release, and claims by proof or voucher.
import { Readable } from "node:stream";
import {
  airdropChainEvents,
  airdropIndexerCursors,
  airdropMerkleChunks,
  airdropParticipantImports,
  airdropParticipants,
  airdrops,
  and,
  type Db,
  desc,
  eq,
  inArray,
  isNull,
  type SQL,
  sql,
  type Tx,
} from "@dropfair/db";
import {
  type AirdropClaim,
  type AirdropDetail,
  type AirdropListQuery,
  type AirdropStatus,
  type AirdropSummary,
  airdropClaimStates,
  airdropStatuses,
  type CampaignParamsWire,
  type CreateAirdropInput,
  type ParticipantReport,
  type UpdateAirdropInput,
} from "@dropfair/schemas/airdrop";
import { type DiscordClient, isMissingPermissions } from "@dropfair/social/discord";
import type { TelegramBotClient } from "@dropfair/social/telegram";
import type { XClient } from "@dropfair/social/x";
import { type Address, getAddress, type Hex, type PublicClient, parseUnits, zeroHash } from "viem";
import { AppError, errors } from "../../platform/errors.ts";
import { decodeImageDataUrl } from "../../platform/images.ts";
import {
  campaignEventAbi,
  type DistributorEvent,
  distributorEvents,
  readReceipt,
  readTokenMetadata,
  type VoucherSigner,
} from "./chain.ts";
import { airdropErrors } from "./errors.ts";
import { proofOf, storeParticipantTree } from "./merkle.ts";
import { countLines, readParticipantList, replaceParticipants } from "./participants.ts";

type AirdropRow = typeof airdrops.$inferSelect;

/** Who is asking: a wallet session, an X session, both or neither. */
export type Viewer = { userId: number | null; address: Address | null; xUserId: string | null };

export type AirdropDependencies = {
  db: Db;
  x: XClient;
  chainClient: (chainId: number) => PublicClient | undefined;
  /** AirdropDistributor per chain id. */
  distributors: Record<number, Address>;
  /** Signs social-list vouchers; null when AIRDROP_SIGNER_KEY is not set (social claims are then unavailable). */
  signer: VoucherSigner | null;
  voucherTtlSeconds: number;
  /** The Discord bot: checks Discord lists and grants Discord-role rewards; undefined when Discord is off. */
  discord?:
    | Pick<
        DiscordClient,
        "addMemberRole" | "getGuildMember" | "getGuildRoles" | "getUser" | "searchGuildMembers"
      >
    | undefined;
  /** The Telegram bot that checks Telegram lists in the airdrop's chat; undefined when Telegram is off. */
  telegram?: Pick<TelegramBotClient, "getChatMember"> | undefined;
  /** The Discord and Telegram accounts bound to a wallet user (social-links module). */
  linksOf?: (userId: number) => Promise<Partial<Record<"discord" | "telegram", LinkedAccount>>>;
  /** Where long participant lists are imported (pg-boss in the server); absent in a process that only runs jobs. */
  imports?: ParticipantImportQueue | undefined;
  /** Lists of at most this many lines are checked and stored within the upload (default {@link inlineListMaxLines}). */
  inlineListMaxLines?: number | undefined;
  now: () => Date;
};

/** Queues the background import of a staged participant list (the `airdrop.import-participants` job). */
export type ParticipantImportQueue = { enqueue: (importId: number) => Promise<void> };

/**
 * Participant lists of at most this many lines are checked and stored within the upload request (200 with the
 * report); longer ones are staged and imported by a job (202), with progress on GET …/participants/import.
 * 20,000 wallet lines take well under a second; X lists of that size take about 200 lookups.
 */
export const inlineListMaxLines = 20_000;

/** What an upload answers: the report of a list stored at once, or the background import of a long one. */
export type ParticipantUpload =
  | { kind: "stored"; report: ParticipantReport }
  | { kind: "import"; import: ParticipantImportView };

/** A participant import as its creator sees it; the error is translated by the route. */
export type ParticipantImportView = {
  id: number;
  state: "queued" | "running" | "done" | "failed";
  processedLines: number;
  totalLines: number;
  report: ParticipantReport | null;
  error: { typeCode: number; key: string; params: Record<string, unknown> } | null;
  createdAt: string;
  finishedAt: string | null;
};

/** How one run of the import job ended. */
export type ParticipantImportOutcome = "done" | "failed" | "replaced" | "skipped";

/** The import was replaced by a newer upload (or the list was cleared): it stops and writes nothing. */
class ImportReplaced extends Error {}

function importViewOf(row: typeof airdropParticipantImports.$inferSelect): ParticipantImportView {
  return {
    id: row.id,
    state: row.state,
    processedLines: row.processedLines,
    totalLines: row.totalLines,
    report: (row.report as ParticipantReport | null) ?? null,
    error:
      row.errorKey === null
        ? null
        : { typeCode: row.errorTypeCode ?? 0, key: row.errorKey, params: row.errorParams ?? {} },
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export type LinkedAccount = { accountId: string; username: string | null };

const claimsListChunk = 50_000;

/** Fields a funded campaign carries on chain: changing them needs the prize refunded first. */
const frozenFields = [
  "startAt",
  "endAt",
  "idType",
  "rewardType",
  "chainId",
  "tokenAddress",
  "totalAmount",
  "shares",
  "mode",
  "discordGuildId",
  "discordRoleId",
] as const satisfies readonly (keyof UpdateAirdropInput)[];

/** What a change of list or reward clears: the frozen reward and the link to an unfunded on-chain campaign. */
const unprepared = {
  preparedAt: null,
  merkleRoot: null,
  amountBase: null,
  amountPerShare: null,
  requiredDeposit: null,
  distributorAddress: null,
  campaignId: null,
  campaignTxHash: null,
  deposited: "0",
  releasedAt: null,
} as const;

export function statusOf(
  row: Pick<AirdropRow, "releasedAt" | "startAt" | "endAt">,
  now: Date,
): AirdropStatus {
  if (!row.releasedAt) return airdropStatuses.draft;
  if (now < row.startAt) return airdropStatuses.notStarted;
  if (now < row.endAt) return airdropStatuses.inProgress;
  return airdropStatuses.ended;
}

/** A campaign on chain holds the creator's prize. */
function holdsPrize(row: AirdropRow): boolean {
  return row.campaignId !== null && BigInt(row.deposited) > 0n && row.refundedAt === null;
}

/** A participant's claim in base units once the reward is prepared: by weight (`all`), per share (FCFS), or 1 NFT. */
export function amountOf(
  row: Pick<
    AirdropRow,
    "preparedAt" | "rewardType" | "mode" | "amountBase" | "amountPerShare" | "totalWeight"
  >,
  weight: number,
): bigint | null {
  if (!row.preparedAt || row.rewardType === "discord_role") return null;
  if (row.rewardType === "nft") return 1n;
  if (row.mode === "fcfs") return row.amountPerShare === null ? null : BigInt(row.amountPerShare);
  if (row.amountBase === null || row.totalWeight === 0) return null;
  return (BigInt(row.amountBase) * BigInt(weight)) / BigInt(row.totalWeight);
}

const unixSeconds = (date: Date) => BigInt(Math.floor(date.getTime() / 1000));

export function campaignParamsOf(row: AirdropRow): CampaignParamsWire | null {
  if (!row.preparedAt || row.rewardType === "discord_role" || !row.tokenAddress) return null;
  const fcfs = row.mode === "fcfs";
  return {
    token: row.tokenAddress,
    kind: row.rewardType === "nft" ? 1 : 0,
    proofKind: row.idType === "wallet" ? 0 : 1,
    mode: fcfs ? 1 : 0,
    merkleRoot: row.merkleRoot ?? zeroHash,
    shares: fcfs ? String(row.shares ?? 0) : "0",
    amountPerShare: fcfs ? (row.amountPerShare ?? "0") : "0",
    start: unixSeconds(row.startAt).toString(),
    end: unixSeconds(row.endAt).toString(),
  };
}

export function createAirdropService(dependencies: AirdropDependencies) {
  const { db, now } = dependencies;

  function summaryOf(row: AirdropRow): AirdropSummary {
    const funded = row.campaignId !== null;
    return {
      id: row.id,
      title: row.title,
      creator: row.creatorAddress,
      status: statusOf(row, now()),
      idType: row.idType,
      rewardType: row.rewardType,
      mode: row.mode,
      chainId: row.chainId,
      tokenAddress: row.tokenAddress,
      tokenSymbol: row.tokenSymbol,
      tokenDecimals: row.tokenDecimals,
      hasLogo: row.tokenLogoType !== null,
      totalAmount: row.totalAmount === null ? null : trimDecimal(row.totalAmount),
      claimableAmount:
        funded && row.refundedAt === null
          ? (BigInt(row.deposited) - BigInt(row.claimedAmount)).toString()
          : funded
            ? "0"
            : null,
      participantCount: row.participantCount,
      claimCount: row.claimCount,
      startAt: row.startAt.toISOString(),
      endAt: row.endAt.toISOString(),
      posterStyle: row.posterStyle,
    };
  }

  function detailOf(row: AirdropRow, viewer: Viewer): AirdropDetail {
    const released = row.releasedAt !== null;
    return {
      ...summaryOf(row),
      description: row.description,
      customToken: row.customToken,
      shares: row.shares,
      totalWeight: row.totalWeight,
      discordGuildId: row.discordGuildId,
      discordRoleId: row.discordRoleId,
      telegramChatId: row.telegramChatId,
      isCreator: viewer.userId === row.creatorUserId,
      editable: !holdsPrize(row) && !(released && now() >= row.startAt),
      prepared: row.preparedAt !== null,
      merkleRoot: row.merkleRoot,
      amountPerShare: row.amountPerShare,
      requiredDeposit: row.requiredDeposit,
      campaignParams: campaignParamsOf(row),
      distributorAddress: row.distributorAddress,
      campaignId: row.campaignId,
      deposited: row.deposited,
      claimedAmount: row.claimedAmount,
      refundedAmount: row.refundedAmount,
      refundedAt: row.refundedAt?.toISOString() ?? null,
      releasedAt: row.releasedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The airdrop if this viewer may see it: drafts are the creator's alone (others get 404, TESTS.md T8). */
  async function visible(id: number, viewer: Viewer, executor: Db | Tx = db): Promise<AirdropRow> {
    const query = executor
      .select()
      .from(airdrops)
      .where(and(eq(airdrops.id, id), isNull(airdrops.deletedAt)));
    // Inside a transaction the row is locked: changes to one airdrop happen one after another.
    const [row] = executor === db ? await query : await query.for("update");
    if (!row) throw airdropErrors.notFound();
    if (!row.releasedAt && viewer.userId !== row.creatorUserId) throw airdropErrors.notFound();
    return row;
  }

  /** The airdrop for a creator-only operation: 'You Are Not The Creator' for anyone else (T10). */
  async function owned(id: number, viewer: Viewer, executor: Db | Tx = db): Promise<AirdropRow> {
    if (viewer.userId === null) throw errors.unauthorized();
    const row = await visible(id, viewer, executor);
    if (row.creatorUserId !== viewer.userId) throw airdropErrors.notCreator();
    return row;
  }

  const linksOf = async (userId: number) => (await dependencies.linksOf?.(userId)) ?? {};

  /**
   * The list entry of the signed-in person for a social list: their X session for X lists, their bound Discord or
   * Telegram account (by id, or by the handle the creator typed) for those lists.
   */
  async function socialParticipant(row: AirdropRow, viewer: Viewer) {
    if (row.idType === "twitter") {
      if (!viewer.xUserId) throw airdropErrors.socialSignInRequired(row.idType);
      return participantOf(row.id, viewer.xUserId);
    }
    if (row.idType === "wallet") {
      if (!viewer.address) throw errors.unauthorized();
      return participantOf(row.id, viewer.address.toLowerCase());
    }
    if (viewer.userId === null) throw errors.unauthorized();
    const link = (await linksOf(viewer.userId))[row.idType];
    if (!link) throw airdropErrors.socialSignInRequired(row.idType);
    return (
      (await participantOf(row.id, link.accountId)) ??
      (link.username ? await participantOf(row.id, link.username.toLowerCase()) : undefined)
    );
  }

  function clientFor(chainId: number): PublicClient {
    if (!dependencies.distributors[chainId]) throw airdropErrors.chainUnsupported(chainId);
    const client = dependencies.chainClient(chainId);
    if (!client) throw airdropErrors.chainUnsupported(chainId);
    return client;
  }

  /** Token symbol and decimals from the chain when token, chain or reward type are set or change. */
  async function tokenFields(
    next: Pick<AirdropRow, "rewardType" | "chainId" | "tokenAddress" | "customToken" | "tokenSymbol">,
  ): Promise<Partial<AirdropRow>> {
    if (next.rewardType === "discord_role" || !next.tokenAddress || next.chainId === null)
      return { tokenDecimals: null, tokenSymbol: next.customToken ? next.tokenSymbol : null };
    const metadata = await readTokenMetadata(clientFor(next.chainId), next.tokenAddress, next.rewardType);
    return {
      tokenDecimals: metadata.decimals,
      tokenSymbol: next.customToken && next.tokenSymbol ? next.tokenSymbol : metadata.symbol,
    };
  }

  /** Clears what a change of list or reward invalidates; refused while a campaign holds the prize. */
  /** The list and the reward may change until a campaign holds the prize, and a released airdrop until its start. */
  function assertEditable(row: AirdropRow): void {
    if (holdsPrize(row)) throw airdropErrors.refundFirst();
    if (row.releasedAt && now() >= row.startAt) throw airdropErrors.wrongState();
  }

  async function unprepare(tx: Tx, row: AirdropRow): Promise<void> {
    assertEditable(row);
    if (!row.preparedAt) return;
    await tx.delete(airdropMerkleChunks).where(eq(airdropMerkleChunks.airdropId, row.id));
  }

  async function list(viewer: Viewer, query: AirdropListQuery) {
    const at = now();
    const status = sql<number>`case when ${airdrops.releasedAt} is null then 0
      when ${at} < ${airdrops.startAt} then 1 when ${at} < ${airdrops.endAt} then 2 else 3 end`;
    const conditions: SQL[] = [isNull(airdrops.deletedAt)];
    if (query.filter === "mine") {
      if (viewer.userId === null) throw errors.unauthorized();
      conditions.push(eq(airdrops.creatorUserId, viewer.userId));
    } else {
      conditions.push(sql`${airdrops.releasedAt} is not null`);
      if (query.filter === "wins") {
        const links = viewer.userId === null ? {} : await linksOf(viewer.userId);
        const accounts = [
          viewer.address?.toLowerCase(),
          viewer.xUserId,
          ...Object.values(links).flatMap((link) => [link.accountId, link.username?.toLowerCase()]),
        ].filter((value): value is string => typeof value === "string");
        if (accounts.length === 0) throw errors.unauthorized();
        conditions.push(
          sql`exists (select 1 from ${airdropParticipants} where ${airdropParticipants.airdropId} = ${airdrops.id}
            and ${inArray(airdropParticipants.account, accounts)})`,
        );
      }
    }
    if (query.status !== undefined) conditions.push(sql`${status} = ${query.status}`);
    const where = and(...conditions);
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(airdrops)
        .where(where)
        .orderBy(desc(airdrops.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db.select({ total: sql<number>`count(*)::int` }).from(airdrops).where(where),
    ]);
    return { items: rows.map(summaryOf), total: count?.total ?? 0 };
  }

  async function create(viewer: Viewer, input: CreateAirdropInput): Promise<AirdropDetail> {
    if (viewer.userId === null || viewer.address === null) throw errors.unauthorized();
    const token = await tokenFields({ ...input, tokenSymbol: input.tokenSymbol });
    const [row] = await db
      .insert(airdrops)
      .values({
        creatorUserId: viewer.userId,
        creatorAddress: viewer.address,
        title: input.title,
        description: input.description,
        startAt: new Date(input.startAt),
        endAt: new Date(input.endAt),
        posterStyle: input.posterStyle,
        rewardType: input.rewardType,
        chainId: input.chainId,
        tokenAddress: input.tokenAddress,
        customToken: input.customToken,
        totalAmount: input.totalAmount,
        idType: input.idType,
        mode: input.mode,
        shares: input.shares,
        discordGuildId: input.discordGuildId,
        discordRoleId: input.discordRoleId,
        telegramChatId: input.telegramChatId,
        ...token,
      })
      .returning();
    return detailOf(row!, viewer);
  }

  async function update(id: number, viewer: Viewer, input: UpdateAirdropInput): Promise<AirdropDetail> {
    const current = await owned(id, viewer);
    const next = {
      ...current,
      ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
    } as AirdropRow & UpdateAirdropInput;
    const startAt = input.startAt ? new Date(input.startAt) : current.startAt;
    const endAt = input.endAt ? new Date(input.endAt) : current.endAt;
    if (startAt > endAt) throw airdropErrors.validation("validation.airdrop.timeOrder");
    const changed = frozenFields.filter((field) => {
      const value = input[field];
      if (value === undefined) return false;
      const before = current[field];
      if (before instanceof Date) return before.getTime() !== new Date(value as string).getTime();
      if (field === "totalAmount" && before !== null && value !== null)
        return trimDecimal(before as string) !== trimDecimal(value as string);
      return before !== value;
    });
    const tokenChanged = ["rewardType", "chainId", "tokenAddress", "customToken", "tokenSymbol"].some(
      (field) => input[field as keyof UpdateAirdropInput] !== undefined,
    );
    const token = tokenChanged ? await tokenFields(next) : {};
    // An import under way checks its list for the type, server and chat it started with: a change replaces it.
    const listScopeChanged = (["idType", "discordGuildId", "telegramChatId"] as const).some(
      (field) => input[field] !== undefined && input[field] !== current[field],
    );
    const row = await db.transaction(async (tx) => {
      const locked = await owned(id, viewer, tx);
      if (changed.length > 0) await unprepare(tx, locked);
      if (listScopeChanged) await replaceImports(tx, id, airdropErrors.importOutdated());
      if (changed.includes("idType")) {
        await tx.delete(airdropParticipants).where(eq(airdropParticipants.airdropId, id));
      }
      const [updated] = await tx
        .update(airdrops)
        .set({
          title: input.title,
          description: input.description,
          posterStyle: input.posterStyle,
          startAt,
          endAt,
          idType: input.idType,
          rewardType: input.rewardType,
          chainId: input.chainId,
          tokenAddress: input.tokenAddress,
          customToken: input.customToken,
          totalAmount: input.totalAmount,
          shares: input.shares,
          mode: input.mode,
          discordGuildId: input.discordGuildId,
          discordRoleId: input.discordRoleId,
          telegramChatId: input.telegramChatId,
          ...token,
          ...(changed.length > 0 ? unprepared : {}),
          ...(changed.includes("idType") ? { participantCount: 0, totalWeight: 0 } : {}),
          updatedAt: now(),
        })
        .where(eq(airdrops.id, id))
        .returning();
      return updated!;
    });
    return detailOf(row, viewer);
  }

  async function remove(id: number, viewer: Viewer): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await owned(id, viewer, tx);
      if (holdsPrize(row)) throw airdropErrors.refundFirst();
      await tx.update(airdrops).set({ deletedAt: now(), updatedAt: now() }).where(eq(airdrops.id, id));
    });
  }

  const checkers = () => ({
    x: dependencies.x,
    discord: dependencies.discord,
    telegram: dependencies.telegram,
  });

  /**
   * Ends the airdrop's queued or running imports: a newer upload or a cleared list replaces them, and a change of
   * the account type, server or chat makes their check out of date.
   */
  async function replaceImports(
    tx: Tx,
    airdropId: number,
    replaced: AppError = airdropErrors.importReplaced(),
  ): Promise<void> {
    await tx
      .update(airdropParticipantImports)
      .set({
        state: "failed",
        text: null,
        errorTypeCode: replaced.typeCode,
        errorKey: replaced.messageKey,
        errorParams: replaced.params,
        finishedAt: now(),
        updatedAt: now(),
      })
      .where(
        and(
          eq(airdropParticipantImports.airdropId, airdropId),
          inArray(airdropParticipantImports.state, ["queued", "running"]),
        ),
      );
  }

  /**
   * Replaces the list. Up to `inlineListMaxLines` lines it is checked and stored at once; a longer one is staged
   * and imported by a job. Either way a newer upload replaces an import still under way.
   */
  async function uploadParticipants(id: number, viewer: Viewer, text: string): Promise<ParticipantUpload> {
    const row = await owned(id, viewer);
    assertEditable(row);
    const totalLines = countLines(text);
    if (totalLines > (dependencies.inlineListMaxLines ?? inlineListMaxLines)) {
      const queue = dependencies.imports;
      if (!queue) throw new Error("no job queue for participant imports");
      const staged = await db.transaction(async (tx) => {
        const current = await owned(id, viewer, tx);
        assertEditable(current);
        await replaceImports(tx, id);
        const [inserted] = await tx
          .insert(airdropParticipantImports)
          .values({ airdropId: id, uploadedBy: current.creatorUserId, text, totalLines })
          .returning();
        return inserted!;
      });
      try {
        await queue.enqueue(staged.id);
      } catch (error) {
        // No job will run it: end it now, so it neither shows as queued for ever nor keeps its text.
        await failImport(staged.id, airdropErrors.importFailed());
        throw error;
      }
      return { kind: "import", import: importViewOf(staged) };
    }
    const { participants, report } = await readParticipantList(text, row.idType, checkers(), {
      discordGuildId: row.discordGuildId,
      telegramChatId: row.telegramChatId,
    });
    await replaceParticipants(
      db,
      id,
      participants,
      report.totalWeight,
      { ...unprepared, updatedAt: now() },
      async (tx) => {
        await unprepare(tx, await owned(id, viewer, tx));
        await replaceImports(tx, id);
      },
    );
    return { kind: "stored", report };
  }

  /** The airdrop's latest participant import, for its creator; null when none was made. */
  async function participantImport(id: number, viewer: Viewer): Promise<ParticipantImportView | null> {
    await owned(id, viewer);
    const [row] = await db
      .select()
      .from(airdropParticipantImports)
      .where(eq(airdropParticipantImports.airdropId, id))
      .orderBy(desc(airdropParticipantImports.id))
      .limit(1);
    return row ? importViewOf(row) : null;
  }

  /** Ends a running import as failed with this error (unless it was replaced meanwhile); the text is deleted. */
  async function failImport(importId: number, error: AppError): Promise<void> {
    await db
      .update(airdropParticipantImports)
      .set({
        state: "failed",
        text: null,
        errorTypeCode: error.typeCode,
        errorKey: error.messageKey,
        errorParams: error.params,
        finishedAt: now(),
        updatedAt: now(),
      })
      .where(
        and(
          eq(airdropParticipantImports.id, importId),
          inArray(airdropParticipantImports.state, ["queued", "running"]),
        ),
      );
  }

  /**
   * The import job: checks the staged text (progress written after every piece) and stores the list in ONE
   * transaction, with the import marked done in it. A run that dies before that commit leaves the list as it
   * was; pg-boss runs the job again from the staged text, with the same result. An error of ours (a funded
   * campaign) fails the import; an upstream that is down, and anything unexpected, is thrown for a retry and fails
   * the import on the last attempt. A newer upload replaces the import: this run then stops without writing.
   */
  async function runParticipantImport(
    importId: number,
    options: { signal?: AbortSignal | undefined; lastAttempt?: boolean } = {},
  ): Promise<ParticipantImportOutcome> {
    const [staged] = await db
      .update(airdropParticipantImports)
      .set({ state: "running", processedLines: 0, startedAt: now(), updatedAt: now() })
      .where(
        and(
          eq(airdropParticipantImports.id, importId),
          inArray(airdropParticipantImports.state, ["queued", "running"]),
        ),
      )
      .returning();
    if (!staged || staged.text === null) return "skipped";
    const creator: Viewer = { userId: staged.uploadedBy, address: null, xUserId: null };
    try {
      const [row] = await db
        .select()
        .from(airdrops)
        .where(and(eq(airdrops.id, staged.airdropId), isNull(airdrops.deletedAt)));
      if (!row) throw airdropErrors.notFound();
      const { participants, report } = await readParticipantList(
        staged.text,
        row.idType,
        checkers(),
        { discordGuildId: row.discordGuildId, telegramChatId: row.telegramChatId },
        async (processedLines) => {
          const [still] = await db
            .update(airdropParticipantImports)
            .set({ processedLines, updatedAt: now() })
            .where(
              and(eq(airdropParticipantImports.id, importId), eq(airdropParticipantImports.state, "running")),
            )
            .returning({ id: airdropParticipantImports.id });
          if (!still) throw new ImportReplaced();
          options.signal?.throwIfAborted();
        },
      );
      await replaceParticipants(
        db,
        staged.airdropId,
        participants,
        report.totalWeight,
        { ...unprepared, updatedAt: now() },
        async (tx) => {
          // The airdrop row first, as uploads lock it, then the import: still ours to finish?
          const current = await owned(staged.airdropId, creator, tx);
          const [still] = await tx
            .select({ state: airdropParticipantImports.state })
            .from(airdropParticipantImports)
            .where(eq(airdropParticipantImports.id, importId))
            .for("update");
          if (still?.state !== "running") throw new ImportReplaced();
          await unprepare(tx, current);
          await tx
            .update(airdropParticipantImports)
            .set({
              state: "done",
              text: null,
              processedLines: staged.totalLines,
              report,
              finishedAt: now(),
              updatedAt: now(),
            })
            .where(eq(airdropParticipantImports.id, importId));
        },
      );
      return "done";
    } catch (error) {
      if (error instanceof ImportReplaced) return "replaced";
      if (error instanceof AppError) {
        // An upstream that is down (5xx) may be back by the next attempt, which pg-boss makes after a backoff.
        if (error.statusCode >= 500 && !options.lastAttempt) throw error;
        await failImport(importId, error);
        return "failed";
      }
      if (options.lastAttempt) await failImport(importId, airdropErrors.importFailed());
      throw error;
    }
  }

  async function clearParticipants(id: number, viewer: Viewer): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await owned(id, viewer, tx);
      await unprepare(tx, row);
      await replaceImports(tx, id);
      await tx.delete(airdropParticipants).where(eq(airdropParticipants.airdropId, id));
      await tx
        .update(airdrops)
        .set({ ...unprepared, participantCount: 0, totalWeight: 0, updatedAt: now() })
        .where(eq(airdrops.id, id));
    });
  }

  async function participantsPage(
    id: number,
    viewer: Viewer,
    query: { page: number; pageSize: number; search?: string | undefined },
  ) {
    const row = await visible(id, viewer);
    const conditions: SQL[] = [eq(airdropParticipants.airdropId, id)];
    if (query.search) {
      const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      conditions.push(
        sql`(${airdropParticipants.account} like ${pattern} or lower(${airdropParticipants.label}) like ${pattern})`,
      );
    }
    const where = and(...conditions);
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(airdropParticipants)
        .where(where)
        .orderBy(airdropParticipants.position)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db.select({ total: sql<number>`count(*)::int` }).from(airdropParticipants).where(where),
    ]);
    return {
      items: rows.map((participant) => ({
        index: participant.position,
        account: row.idType === "wallet" ? getAddress(participant.account) : participant.account,
        label: participant.label,
        weight: participant.weight,
        amount: amountOf(row, participant.weight)?.toString() ?? null,
        claimState: participant.claimedAt ? airdropClaimStates.claimed : airdropClaimStates.claimable,
        claimedBy: participant.claimedBy,
        claimTxHash: participant.claimTxHash,
      })),
      total: count?.total ?? 0,
    };
  }

  async function setLogo(id: number, viewer: Viewer, image: string): Promise<void> {
    await owned(id, viewer);
    const decoded = decodeImageDataUrl(image);
    if ("problem" in decoded)
      throw decoded.problem === "tooLarge" ? airdropErrors.logoTooLarge() : airdropErrors.logoInvalid();
    await db
      .update(airdrops)
      .set({ tokenLogo: decoded.bytes, tokenLogoType: decoded.contentType, updatedAt: now() })
      .where(eq(airdrops.id, id));
  }

  async function removeLogo(id: number, viewer: Viewer): Promise<void> {
    await owned(id, viewer);
    await db
      .update(airdrops)
      .set({ tokenLogo: null, tokenLogoType: null, updatedAt: now() })
      .where(eq(airdrops.id, id));
  }

  async function logo(id: number, viewer: Viewer) {
    const row = await visible(id, viewer);
    if (!row.tokenLogo || !row.tokenLogoType) throw airdropErrors.logoNotFound();
    return { contentType: row.tokenLogoType, bytes: row.tokenLogo };
  }

  /** The bot can see the server and the role exists there. */
  async function checkDiscordRole(guildId: string, roleId: string): Promise<void> {
    const discord = dependencies.discord;
    if (!discord) throw airdropErrors.discordUnavailable();
    const roles = await discord.getGuildRoles(guildId).catch(() => {
      throw airdropErrors.discordRoleUnavailable();
    });
    if (!roles.some((role) => role.id === roleId)) throw airdropErrors.discordRoleUnavailable();
  }

  /** Checks the reward settings with SPEC §5's messages, in the wizard's order. */
  function checkReward(row: AirdropRow): void {
    if (row.participantCount === 0) throw airdropErrors.validation("validation.airdrop.participantsRequired");
    if (row.startAt >= row.endAt) throw airdropErrors.validation("validation.airdrop.timeOrder");
    if (row.endAt <= now()) throw airdropErrors.endPassed();
    if (row.rewardType === "discord_role") {
      if (!row.discordGuildId || !row.discordRoleId)
        throw airdropErrors.validation("airdrop.discordRoleRequired");
      return;
    }
    if (row.rewardType !== "token" && row.rewardType !== "nft") return;
    if (row.chainId === null) throw airdropErrors.chainRequired();
    clientFor(row.chainId);
    if (!row.tokenAddress || row.tokenDecimals === null) throw airdropErrors.tokenAddressInvalid();
    if (row.rewardType === "token" && row.totalAmount === null)
      throw airdropErrors.validation("validation.airdrop.amountRequired");
    if (row.mode === "fcfs") {
      if (row.shares === null) throw airdropErrors.validation("validation.airdrop.shareRequired");
      if (row.shares > row.participantCount)
        throw airdropErrors.validation("validation.airdrop.shareOverflow");
    }
  }

  /**
   * Freezes the reward: every participant's amount, the Merkle tree of a wallet list (its nodes stored so any
   * proof is one indexed read) and the deposit the campaign needs. One transaction; repeating it changes nothing.
   */
  async function prepare(id: number, viewer: Viewer): Promise<AirdropDetail> {
    const draft = await owned(id, viewer);
    if (
      draft.rewardType === "discord_role" &&
      draft.discordGuildId &&
      draft.discordRoleId &&
      !draft.preparedAt
    )
      await checkDiscordRole(draft.discordGuildId, draft.discordRoleId);
    const row = await db.transaction(async (tx) => {
      const current = await owned(id, viewer, tx);
      if (current.preparedAt) return current;
      checkReward(current);
      const fcfs = current.mode === "fcfs";
      let amountBase: bigint | null = null;
      let amountPerShare: bigint | null = null;
      let requiredDeposit: bigint | null = null;
      if (current.rewardType === "token") {
        amountBase = parseUnits(trimDecimal(current.totalAmount!), current.tokenDecimals!);
        if (fcfs) {
          amountPerShare = amountBase / BigInt(current.shares!);
          if (amountPerShare === 0n) throw airdropErrors.validation("airdrop.amountTooSmall");
          requiredDeposit = amountPerShare * BigInt(current.shares!);
        } else {
          // Each gets amountBase × weight ÷ totalWeight, rounded down; the deposit is what they add up to.
          const [totals] = await tx
            .select({
              smallest: sql<number>`min(${airdropParticipants.weight})`,
              sum: sql<string>`sum(div(${amountBase.toString()}::numeric * ${airdropParticipants.weight}, ${current.totalWeight}::numeric))::text`,
            })
            .from(airdropParticipants)
            .where(eq(airdropParticipants.airdropId, id));
          if ((amountBase * BigInt(totals?.smallest ?? 0)) / BigInt(current.totalWeight) === 0n)
            throw airdropErrors.validation("airdrop.amountTooSmall");
          requiredDeposit = BigInt(totals?.sum ?? "0");
        }
      } else if (current.rewardType === "nft") {
        amountPerShare = fcfs ? 1n : null;
        requiredDeposit = BigInt(fcfs ? current.shares! : current.participantCount);
      }
      const frozen = {
        ...current,
        preparedAt: now(),
        amountBase: amountBase?.toString() ?? null,
        amountPerShare: amountPerShare?.toString() ?? null,
      };
      let merkleRoot: Hex | null = null;
      if (current.idType === "wallet" && current.rewardType !== "discord_role") {
        const rows = await tx
          .select({
            position: airdropParticipants.position,
            label: airdropParticipants.label,
            weight: airdropParticipants.weight,
          })
          .from(airdropParticipants)
          .where(eq(airdropParticipants.airdropId, id))
          .orderBy(airdropParticipants.position);
        merkleRoot = await storeParticipantTree(
          tx,
          id,
          rows.map((participant) => ({
            position: participant.position,
            account: participant.label as Address,
            amount: amountOf(frozen, participant.weight) ?? 0n,
          })),
        );
      }
      const [updated] = await tx
        .update(airdrops)
        .set({
          preparedAt: now(),
          merkleRoot,
          amountBase: frozen.amountBase,
          amountPerShare: frozen.amountPerShare,
          requiredDeposit: requiredDeposit?.toString() ?? null,
          distributorAddress:
            current.chainId === null ? null : (dependencies.distributors[current.chainId] ?? null),
          updatedAt: now(),
        })
        .where(eq(airdrops.id, id))
        .returning();
      return updated!;
    });
    return detailOf(row, viewer);
  }

  /** Where a CampaignCreated event differs from the prepared airdrop, or null when it matches. */
  function campaignMismatch(
    row: AirdropRow,
    event: Extract<DistributorEvent, { eventName: "CampaignCreated" }>,
  ) {
    const expected = campaignParamsOf(row);
    if (!expected) return "reward";
    const { args } = event;
    if (args.creator.toLowerCase() !== row.creatorAddress.toLowerCase()) return "creator";
    if (args.token.toLowerCase() !== expected.token.toLowerCase()) return "token";
    if (args.kind !== expected.kind) return "kind";
    if (args.proofKind !== expected.proofKind) return "proofKind";
    if (args.mode !== expected.mode) return "mode";
    if (args.merkleRoot.toLowerCase() !== expected.merkleRoot.toLowerCase()) return "merkleRoot";
    if (args.shares.toString() !== expected.shares) return "shares";
    if (args.amountPerShare.toString() !== expected.amountPerShare) return "amountPerShare";
    if (args.start.toString() !== expected.start || args.end.toString() !== expected.end) return "times";
    return null;
  }

  /**
   * Applies the distributor events of a mined transaction to the airdrop's books: the campaign it opened, deposits,
   * claims and the refund. Anyone may report a transaction (the chain is the authority); each event counts once.
   */
  async function reportTransaction(id: number, viewer: Viewer, txHash: Hex): Promise<AirdropDetail> {
    if (viewer.userId === null) throw errors.unauthorized();
    const before = await visible(id, viewer);
    if (before.chainId === null || !before.distributorAddress) throw airdropErrors.notPrepared();
    const client = clientFor(before.chainId);
    const receipt = await readReceipt(client, txHash);
    const events = distributorEvents(receipt, before.distributorAddress);
    const outcome = await applyTransaction(
      id,
      { chainId: before.chainId, txHash, blockNumber: receipt.blockNumber, events },
      { strict: true, blockTimestamp: () => blockTimestampOf(client, receipt.blockNumber) },
    );
    if (outcome.applied === 0) throw airdropErrors.transaction("transactionUnrelated");
    return detailOf(await visible(id, viewer), viewer);
  }

  /**
   * Applies one transaction's events of the airdrop's campaign (or the CampaignCreated that opens it) to the
   * books, each event once (airdrop_chain_events). `strict`: a campaign that does not match the prepared airdrop
   * is an error (a report); otherwise it is skipped (the indexer sees every creator's campaigns).
   */
  async function applyTransaction(
    id: number,
    transaction: { chainId: number; txHash: Hex; blockNumber: bigint; events: readonly DistributorEvent[] },
    options: { strict: boolean; blockTimestamp: () => Promise<bigint> },
  ): Promise<{ applied: number }> {
    const needsTime = transaction.events.some((event) => event.eventName === "Refunded");
    const blockTimestamp = needsTime ? await options.blockTimestamp() : undefined;
    return db.transaction(async (tx) => {
      let [current] = await tx.select().from(airdrops).where(eq(airdrops.id, id)).for("update");
      if (!current) return { applied: 0 };
      let applied = 0;
      for (const event of transaction.events) {
        const campaignId = event.args.campaignId.toString();
        if (event.eventName === "CampaignCreated") {
          if (current.campaignId !== null && current.campaignId !== campaignId) continue;
          if (current.campaignId === null) {
            const mismatch = current.preparedAt ? campaignMismatch(current, event) : "reward";
            if (mismatch && options.strict) throw airdropErrors.campaignMismatch(mismatch);
            if (mismatch) continue;
          }
        } else if (current.campaignId !== campaignId) {
          continue;
        }
        const inserted = await tx
          .insert(airdropChainEvents)
          .values({
            chainId: transaction.chainId,
            txHash: transaction.txHash,
            logIndex: event.logIndex,
            airdropId: id,
            eventName: event.eventName,
            blockNumber: transaction.blockNumber,
          })
          .onConflictDoNothing()
          .returning({ logIndex: airdropChainEvents.logIndex });
        applied++;
        if (inserted.length === 0) continue;
        current = await applyEvent(tx, current, event, transaction.txHash, blockTimestamp);
      }
      return { applied };
    });
  }

  async function blockTimestampOf(client: PublicClient, blockNumber: bigint): Promise<bigint> {
    try {
      return (await client.getBlock({ blockNumber })).timestamp;
    } catch (error) {
      throw airdropErrors.chainUnavailable(error);
    }
  }

  /**
   * Reads the distributor's logs on one chain from where the last pass stopped (at most `maxBlocks` per pass) and
   * applies them like reported transactions, so claims made outside the web app still reach the books. A new
   * cursor starts at the first block we know an event of, or at the head.
   */
  async function indexChain(
    chainId: number,
    maxBlocks = 2_000n,
  ): Promise<{ fromBlock: bigint; toBlock: bigint; applied: number } | null> {
    const distributor = dependencies.distributors[chainId];
    const client = dependencies.chainClient(chainId);
    if (!distributor || !client) return null;
    const head = await client.getBlockNumber();
    const [cursor] = await db
      .select()
      .from(airdropIndexerCursors)
      .where(
        and(
          eq(airdropIndexerCursors.chainId, chainId),
          eq(airdropIndexerCursors.distributorAddress, distributor),
        ),
      );
    let fromBlock = cursor?.nextBlock;
    if (fromBlock === undefined) {
      const [first] = await db
        .select({ block: sql<string | null>`min(${airdropChainEvents.blockNumber})::text` })
        .from(airdropChainEvents)
        .where(eq(airdropChainEvents.chainId, chainId));
      fromBlock = first?.block ? BigInt(first.block) : head;
    }
    if (fromBlock > head) return { fromBlock, toBlock: head, applied: 0 };
    const toBlock = fromBlock + maxBlocks - 1n < head ? fromBlock + maxBlocks - 1n : head;
    const logs = await client.getLogs({
      address: distributor,
      events: campaignEventAbi,
      fromBlock,
      toBlock,
      strict: true,
    });
    const byTransaction = new Map<Hex, DistributorEvent[]>();
    for (const log of logs as unknown as (DistributorEvent & {
      transactionHash: Hex;
      blockNumber: bigint;
    })[]) {
      byTransaction.set(log.transactionHash, [...(byTransaction.get(log.transactionHash) ?? []), log]);
    }
    let applied = 0;
    for (const [txHash, events] of byTransaction) {
      const blockNumber = (events[0] as unknown as { blockNumber: bigint }).blockNumber;
      for (const id of await airdropsFor(chainId, distributor, events)) {
        const outcome = await applyTransaction(
          id,
          { chainId, txHash, blockNumber, events },
          { strict: false, blockTimestamp: () => blockTimestampOf(client, blockNumber) },
        );
        applied += outcome.applied;
      }
    }
    await db
      .insert(airdropIndexerCursors)
      .values({ chainId, distributorAddress: distributor, nextBlock: toBlock + 1n })
      .onConflictDoUpdate({
        target: [airdropIndexerCursors.chainId, airdropIndexerCursors.distributorAddress],
        set: { nextBlock: toBlock + 1n, updatedAt: now() },
      });
    return { fromBlock, toBlock, applied };
  }

  /** The airdrops a transaction's events concern: linked campaigns, and prepared drafts a new campaign may open. */
  async function airdropsFor(chainId: number, distributor: Address, events: readonly DistributorEvent[]) {
    const campaignIds = [...new Set(events.map((event) => event.args.campaignId.toString()))];
    const creators = events.flatMap((event) =>
      event.eventName === "CampaignCreated" ? [event.args.creator.toLowerCase()] : [],
    );
    const rows = await db
      .select({ id: airdrops.id })
      .from(airdrops)
      .where(
        and(
          eq(airdrops.chainId, chainId),
          eq(airdrops.distributorAddress, distributor),
          creators.length > 0
            ? sql`(${inArray(airdrops.campaignId, campaignIds)} or (${airdrops.campaignId} is null
                and ${airdrops.preparedAt} is not null and ${inArray(airdrops.creatorAddress, creators as Address[])}))`
            : inArray(airdrops.campaignId, campaignIds),
        ),
      );
    return rows.map((row) => row.id);
  }

  async function applyEvent(
    tx: Tx,
    row: AirdropRow,
    event: DistributorEvent,
    txHash: Hex,
    blockTimestamp: bigint | undefined,
  ): Promise<AirdropRow> {
    const set = async (values: Partial<typeof airdrops.$inferInsert>) => {
      const [updated] = await tx
        .update(airdrops)
        .set({ ...values, updatedAt: now() })
        .where(eq(airdrops.id, row.id))
        .returning();
      return updated!;
    };
    switch (event.eventName) {
      case "CampaignCreated":
        return set({ campaignId: event.args.campaignId.toString(), campaignTxHash: txHash });
      case "Deposited":
        return set({ deposited: (BigInt(row.deposited) + event.args.amount).toString() });
      case "NftRegistered":
        return set({ deposited: (BigInt(row.deposited) + BigInt(event.args.tokenIds.length)).toString() });
      case "Claimed": {
        const position = Number(event.args.claimId);
        await tx
          .update(airdropParticipants)
          .set({ claimedAt: now(), claimedBy: event.args.account, claimTxHash: txHash })
          .where(and(eq(airdropParticipants.airdropId, row.id), eq(airdropParticipants.position, position)));
        return set({
          claimCount: row.claimCount + 1,
          claimedAmount: (BigInt(row.claimedAmount) + event.args.amount).toString(),
        });
      }
      case "Refunded": {
        const beforeStart = blockTimestamp !== undefined && blockTimestamp < unixSeconds(row.startAt);
        // Before the start the campaign is closed for good: the airdrop is a draft again, ready for a new one.
        if (beforeStart)
          return set({ campaignId: null, campaignTxHash: null, deposited: "0", releasedAt: null });
        return set({ refundedAmount: event.args.amount.toString(), refundedAt: now() });
      }
      default:
        return row;
    }
  }

  async function release(id: number, viewer: Viewer): Promise<AirdropDetail> {
    const row = await db.transaction(async (tx) => {
      const current = await owned(id, viewer, tx);
      if (current.releasedAt) return current;
      if (!current.preparedAt) throw airdropErrors.notPrepared();
      if (current.endAt <= now()) throw airdropErrors.endPassed();
      if (current.rewardType !== "discord_role") {
        if (current.campaignId === null || BigInt(current.deposited) < BigInt(current.requiredDeposit ?? "0"))
          throw airdropErrors.depositRequired();
      }
      const [updated] = await tx
        .update(airdrops)
        .set({ releasedAt: now(), updatedAt: now() })
        .where(eq(airdrops.id, id))
        .returning();
      return updated!;
    });
    return detailOf(row, viewer);
  }

  const notOnList: AirdropClaim = {
    eligible: false,
    claimState: null,
    index: null,
    account: null,
    amount: null,
    proof: null,
    voucher: null,
    signature: null,
  };

  /**
   * A participant's claim: the Merkle proof of a wallet list (public, for any account), or a voucher for the
   * signed-in wallet of a social-list participant (who proves the account by signing in with it).
   */
  async function claim(id: number, viewer: Viewer, account: Address | undefined): Promise<AirdropClaim> {
    const row = await visible(id, viewer);
    if (!row.releasedAt) throw airdropErrors.notReleasedYet();
    if (row.rewardType === "discord_role") {
      // The role is claimed with POST /discord-role; this only says whether, and whether already.
      const participant = await socialParticipant(row, viewer);
      if (!participant) return notOnList;
      return {
        ...notOnList,
        eligible: true,
        claimState: participant.claimedAt ? airdropClaimStates.claimed : airdropClaimStates.claimable,
        index: participant.position,
        account: participant.label,
      };
    }
    if (row.idType === "wallet") {
      const wallet = account ?? viewer.address;
      if (!wallet) throw errors.unauthorized();
      const participant = await participantOf(row.id, wallet.toLowerCase());
      if (!participant) return notOnList;
      const proof =
        participant.claimedAt || !row.merkleRoot ? null : await proofOf(db, row.id, participant.position);
      return {
        ...notOnList,
        eligible: true,
        claimState: participant.claimedAt ? airdropClaimStates.claimed : airdropClaimStates.claimable,
        index: participant.position,
        account: getAddress(participant.account),
        amount: amountOf(row, participant.weight)?.toString() ?? null,
        proof,
      };
    }
    const participant = await socialParticipant(row, viewer);
    if (!participant) return notOnList;
    const base = {
      ...notOnList,
      eligible: true,
      index: participant.position,
      account: participant.label,
      amount: amountOf(row, participant.weight)?.toString() ?? null,
    };
    if (participant.claimedAt) return { ...base, claimState: airdropClaimStates.claimed };
    if (!viewer.address) throw errors.unauthorized();
    if (statusOf(row, now()) !== airdropStatuses.inProgress) throw airdropErrors.notInProgress();
    if (!dependencies.signer || row.campaignId === null || !row.distributorAddress || row.chainId === null)
      throw airdropErrors.chainUnsupported(row.chainId ?? 0);
    if (participant.boundAddress && participant.boundAddress.toLowerCase() !== viewer.address.toLowerCase())
      throw airdropErrors.boundToOtherWallet(participant.boundAddress);
    if (!participant.boundAddress) {
      await db
        .update(airdropParticipants)
        .set({ boundAddress: viewer.address })
        .where(
          and(
            eq(airdropParticipants.airdropId, row.id),
            eq(airdropParticipants.position, participant.position),
            isNull(airdropParticipants.boundAddress),
          ),
        );
      const bound = await participantOf(row.id, participant.account);
      if (bound?.boundAddress && bound.boundAddress.toLowerCase() !== viewer.address.toLowerCase())
        throw airdropErrors.boundToOtherWallet(bound.boundAddress);
    }
    const deadline = Math.min(
      Math.floor(now().getTime() / 1000) + dependencies.voucherTtlSeconds,
      Math.floor(row.endAt.getTime() / 1000),
    );
    const voucher = {
      campaignId: BigInt(row.campaignId),
      recipient: viewer.address,
      amount: amountOf(row, participant.weight) ?? 0n,
      nonce: BigInt(participant.position),
      deadline: BigInt(deadline),
    };
    const signature = await dependencies.signer.sign(voucher, row.chainId, row.distributorAddress);
    return {
      ...base,
      claimState: airdropClaimStates.claimable,
      voucher: {
        campaignId: voucher.campaignId.toString(),
        recipient: voucher.recipient,
        amount: voucher.amount.toString(),
        nonce: voucher.nonce.toString(),
        deadline: voucher.deadline.toString(),
      },
      signature,
    };
  }

  /**
   * A Discord-role reward: the listed person proves their Discord account (bound to their wallet) and our bot
   * grants the role. The claim is recorded first (FCFS shares counted in the same statement), so a grant that
   * fails is taken back; granting is idempotent, so asking again after a crash finishes the job.
   */
  async function claimDiscordRole(id: number, viewer: Viewer): Promise<AirdropClaim> {
    const row = await visible(id, viewer);
    if (row.rewardType !== "discord_role" || !row.discordGuildId || !row.discordRoleId)
      throw airdropErrors.wrongState();
    if (statusOf(row, now()) !== airdropStatuses.inProgress) throw airdropErrors.notInProgress();
    if (viewer.userId === null || !viewer.address) throw errors.unauthorized();
    const discord = dependencies.discord;
    if (!discord) throw airdropErrors.discordUnavailable();
    const participant = await socialParticipant(row, viewer);
    if (!participant) return notOnList;
    const discordLink = (await linksOf(viewer.userId)).discord;
    if (!discordLink) throw airdropErrors.socialSignInRequired("discord");
    const claimed = { ...notOnList, eligible: true, index: participant.position, account: participant.label };
    if (participant.claimedAt && participant.boundAddress?.toLowerCase() !== viewer.address.toLowerCase())
      return { ...claimed, claimState: airdropClaimStates.claimed };

    const member = await discord
      .getGuildMember(row.discordGuildId, discordLink.accountId)
      .catch((error: unknown) => {
        throw airdropErrors.discordUnavailable(error);
      });
    if (!member) throw airdropErrors.discordNotJoined();
    if (!participant.claimedAt) {
      const reserved = await db
        .transaction(async (tx) => {
          const [taken] = await tx
            .update(airdropParticipants)
            .set({ claimedAt: now(), claimedBy: viewer.address, boundAddress: viewer.address })
            .where(
              and(
                eq(airdropParticipants.airdropId, id),
                eq(airdropParticipants.position, participant.position),
                isNull(airdropParticipants.claimedAt),
              ),
            )
            .returning({ position: airdropParticipants.position });
          if (!taken) return false;
          const counted = await tx
            .update(airdrops)
            .set({ claimCount: sql`${airdrops.claimCount} + 1`, updatedAt: now() })
            .where(
              and(
                eq(airdrops.id, id),
                sql`(${airdrops.mode} = 'all' or ${airdrops.claimCount} < ${airdrops.shares})`,
              ),
            )
            .returning({ id: airdrops.id });
          if (counted.length === 0) tx.rollback();
          return true;
        })
        .catch((error: unknown) => {
          if ((error as { name?: string }).name === "TransactionRollbackError") return "exhausted" as const;
          throw error;
        });
      if (reserved === "exhausted") throw airdropErrors.sharesExhausted();
      if (!reserved) return { ...claimed, claimState: airdropClaimStates.claimed };
    }
    try {
      await discord.addMemberRole(row.discordGuildId, discordLink.accountId, row.discordRoleId);
    } catch (error) {
      await db.transaction(async (tx) => {
        await tx
          .update(airdropParticipants)
          .set({ claimedAt: null, claimedBy: null })
          .where(
            and(
              eq(airdropParticipants.airdropId, id),
              eq(airdropParticipants.position, participant.position),
            ),
          );
        await tx
          .update(airdrops)
          .set({ claimCount: sql`${airdrops.claimCount} - 1`, updatedAt: now() })
          .where(eq(airdrops.id, id));
      });
      throw isMissingPermissions(error)
        ? airdropErrors.discordRoleUnavailable()
        : airdropErrors.discordUnavailable(error);
    }
    return { ...claimed, claimState: airdropClaimStates.claimed };
  }

  async function participantOf(airdropId: number, account: string) {
    const [participant] = await db
      .select()
      .from(airdropParticipants)
      .where(and(eq(airdropParticipants.airdropId, airdropId), eq(airdropParticipants.account, account)));
    return participant;
  }

  /** The public claims list of a wallet list, `index,account,amount` per line (base units), streamed in pages. */
  async function claimsList(id: number, viewer: Viewer): Promise<{ filename: string; body: Readable }> {
    const row = await visible(id, viewer);
    if (row.idType !== "wallet" || row.rewardType === "discord_role") throw airdropErrors.noClaimsList();
    if (!row.preparedAt) throw airdropErrors.notPrepared();
    async function* lines() {
      for (let from = 0; ; from += claimsListChunk) {
        const page = await db
          .select({
            position: airdropParticipants.position,
            account: airdropParticipants.account,
            label: airdropParticipants.label,
            weight: airdropParticipants.weight,
          })
          .from(airdropParticipants)
          .where(
            and(
              eq(airdropParticipants.airdropId, id),
              sql`${airdropParticipants.position} >= ${from} and ${airdropParticipants.position} < ${from + claimsListChunk}`,
            ),
          )
          .orderBy(airdropParticipants.position);
        if (page.length === 0) return;
        // Wallet labels are the checksummed addresses the parser kept.
        yield page.map((line) => `${line.position},${line.label},${amountOf(row, line.weight)}\n`).join("");
      }
    }
    return { filename: `airdrop-${id}-claims.csv`, body: Readable.from(lines()) };
  }

  return {
    list,
    get: async (id: number, viewer: Viewer) => detailOf(await visible(id, viewer), viewer),
    create,
    update,
    remove,
    uploadParticipants,
    participantImport,
    runParticipantImport,
    clearParticipants,
    participantsPage,
    setLogo,
    removeLogo,
    logo,
    prepare,
    reportTransaction,
    release,
    claim,
    claimsList,
    claimDiscordRole,
    indexChain,
  };
}

export type AirdropService = ReturnType<typeof createAirdropService>;

/** "12.5000" → "12.5", "3.0000" → "3": numeric(40,4) as the creator typed it. */
function trimDecimal(value: string): string {
  return value.includes(".") ? value.replace(/\.?0+$/, "") : value;
}
