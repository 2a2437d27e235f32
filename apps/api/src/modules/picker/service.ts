// The picker (SPEC §3–§6, DESIGN.md §6): create, draw, redraw, replace, confirm, info, pay, bans, helpers.
import { randomBytes } from "node:crypto";
import { isEvmAddress, toChecksumAddress } from "@dropfair/core/address";
import { buildDrawFile, displayScore } from "@dropfair/core/fairness";
import {
  createPickerSeed,
  freePlan,
  isSolanaAddress,
  membershipMonthlyPriceUsdt,
  membershipPlans,
  type PickerInfoType,
  parsePickerReference,
  pickerPipelineStatuses,
  pickerStatus,
  replyLookupWinnerLimit,
} from "@dropfair/core/picker";
import {
  and,
  asc,
  count,
  type Db,
  type DbWriter,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  or,
  pickerAdmins,
  pickerBans,
  pickerDraws,
  pickerEntries,
  pickerMemberships,
  pickerPosters,
  pickers,
  type SQL,
  sql,
} from "@dropfair/db";
import type {
  CreatePickerInput,
  Participant,
  PickerDetail,
  PickerDraw,
  PickerSummary,
  PosterContentType,
} from "@dropfair/schemas/picker";
import type { XClient, XUser } from "@dropfair/social/x";
import { XRateLimitError, XSpendingCapError } from "@dropfair/social/x";
import { type Address, keccak256, type PublicClient, parseUnits, toHex } from "viem";
import { decodeImageDataUrl } from "../../platform/images.ts";
import { type Actor, type PickerRole, roleFor } from "./access.ts";
import { commitEligibleList } from "./draw.ts";
import { pickerErrors } from "./errors.ts";

export type PickerConfig = {
  /** The chain whose future block hash seeds the draw (Ethereum in production). */
  drawChainId: number;
  drawConfirmations: number;
  drawTimeoutMs: number;
  /** Lowercase usernames or ids allowed to create; empty means open to all (SPEC §6 beta whitelist). */
  betaWhitelist: string[];
  membership: { chainId: number; token: Address; treasury: Address; decimals: number } | null;
  /** Our BatchPayout contract per chain. */
  batchPayout: Record<number, Address>;
};

/** How the service hands long work to the job queue (pg-boss in the server, direct calls in some tests). */
export type PickerJobs = {
  pipeline(pickerId: number): Promise<void>;
  draw(drawId: number): Promise<void>;
};

export type PickerPayments = {
  verifyMembership(input: {
    chainId: number;
    txHash: `0x${string}`;
    token: Address;
    to: Address;
    minAmount: bigint;
  }): Promise<{ payer: Address; amount: bigint; blockTimestamp: Date }>;
  verifyBatch(input: {
    chainId: number;
    txHash: `0x${string}`;
    batchPayout: Address;
    token: Address | "native";
    payments: { to: Address; amount: bigint }[];
    reference: `0x${string}`;
  }): Promise<void>;
  verifyTransaction(input: { chainId: number; txHash: `0x${string}` }): Promise<void>;
};

export type PickerDependencies = {
  db: Db;
  x: XClient;
  jobs: PickerJobs;
  payments: PickerPayments;
  chainClient: (chainId: number) => PublicClient | undefined;
  config: PickerConfig;
  now: () => Date;
};

type PickerRow = typeof pickers.$inferSelect;
type DrawRow = typeof pickerDraws.$inferSelect;

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** Whether a committed draw of the picker is still waiting for its block (entries are frozen meanwhile). */
async function drawWaiting(tx: DbWriter, pickerId: number): Promise<boolean> {
  const [waiting] = await tx
    .select({ id: pickerDraws.id })
    .from(pickerDraws)
    .where(and(eq(pickerDraws.pickerId, pickerId), eq(pickerDraws.status, "waiting")));
  return waiting !== undefined;
}

/** keccak256 of the seed: the reference a batch payment carries so it pays this picker and no other. */
export function paymentReference(seed: string): `0x${string}` {
  return keccak256(toHex(`dropfair-picker:${seed}`));
}

function drawView(draw: DrawRow): PickerDraw {
  return {
    count: draw.count,
    kind: draw.kind,
    reason: draw.reason,
    commitment: draw.commitment,
    entryCount: draw.entryCount,
    winnerCount: draw.winnerCount,
    chainId: draw.chainId,
    targetBlock: draw.targetBlock.toString(),
    blockHash: draw.blockHash,
    status: draw.status,
    replacedXUserIds: draw.replacedXUserIds ?? null,
    createdAt: draw.createdAt.toISOString(),
    drawnAt: draw.drawnAt?.toISOString() ?? null,
  };
}

function summaryView(picker: PickerRow): PickerSummary {
  return {
    id: picker.id,
    seed: picker.seed,
    status: picker.status,
    ownerUsername: picker.ownerUsername,
    postId: picker.postId,
    postText: picker.postText,
    winnerCount: picker.winnerCount,
    rewardText: picker.rewardText,
    rewardAmount: picker.rewardAmount,
    entryCount: picker.entryCount,
    eligibleCount: picker.eligibleCount,
    createdAt: picker.createdAt.toISOString(),
  };
}

/** SPEC §6: EVM and Solana info is public; custom info only for the host, its admins and the entrant. */
function visibleInfo(
  infoType: PickerInfoType,
  info: string | null,
  viewerIsHost: boolean,
  viewerIsEntrant: boolean,
): string | null {
  if (info === null) return null;
  if (infoType !== "custom" || viewerIsHost || viewerIsEntrant) return info;
  return null;
}

export function validateWinnerInfo(infoType: PickerInfoType, value: string): string {
  const info = value.trim();
  if (infoType === "evm") {
    if (!isEvmAddress(info)) throw pickerErrors.addressFormat();
    return toChecksumAddress(info);
  }
  if (infoType === "solana") {
    if (!isSolanaAddress(info)) throw pickerErrors.addressFormat();
    return info;
  }
  if (!info) throw pickerErrors.infoRequired();
  return info;
}

/** Decodes a poster data URL; the type it declares must match the bytes it carries. */
export function decodePoster(image: string): { contentType: PosterContentType; bytes: Buffer } {
  const decoded = decodeImageDataUrl(image);
  if ("problem" in decoded)
    throw decoded.problem === "tooLarge" ? pickerErrors.posterTooLarge() : pickerErrors.posterInvalid();
  return decoded;
}

function mapXFailure(error: unknown): never {
  if (error instanceof XRateLimitError || error instanceof XSpendingCapError) throw pickerErrors.xApiLimit();
  throw error;
}

export function createPickerService(deps: PickerDependencies) {
  const { db, config } = deps;

  async function load(id: number): Promise<PickerRow> {
    const [picker] = await db.select().from(pickers).where(eq(pickers.id, id));
    if (!picker) throw pickerErrors.pickerNotFound();
    return picker;
  }

  async function requireOperator(picker: PickerRow, actor: Actor | null): Promise<PickerRole> {
    if (!actor) throw pickerErrors.notOwner();
    const role = await roleFor(db, picker.ownerXUserId, actor);
    if (!role) throw pickerErrors.notOwner();
    return role;
  }

  async function activeMembership(xUserId: string) {
    const [membership] = await db
      .select()
      .from(pickerMemberships)
      .where(and(eq(pickerMemberships.xUserId, xUserId), gt(pickerMemberships.expiresAt, deps.now())))
      .orderBy(desc(pickerMemberships.expiresAt))
      .limit(1);
    return membership;
  }

  async function drawsToday(ownerXUserId: string): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(pickerDraws)
      .where(
        and(
          eq(pickerDraws.ownerXUserId, ownerXUserId),
          inArray(pickerDraws.kind, ["draw", "redraw"]),
          gte(pickerDraws.createdAt, startOfUtcDay(deps.now())),
        ),
      );
    return row?.value ?? 0;
  }

  async function currentDraw(pickerId: number): Promise<DrawRow | undefined> {
    const [draw] = await db
      .select()
      .from(pickerDraws)
      .where(and(eq(pickerDraws.pickerId, pickerId), inArray(pickerDraws.kind, ["draw", "redraw"])))
      .orderBy(desc(pickerDraws.count))
      .limit(1);
    return draw;
  }

  /** Freeze the eligible list, fix the first block after now, and queue the draw. */
  async function commitDraw(
    picker: PickerRow,
    actor: Actor,
    kind: "draw" | "redraw",
    reason: string | null,
  ): Promise<PickerDraw> {
    const member = await activeMembership(picker.ownerXUserId);
    if (!member && (await drawsToday(picker.ownerXUserId)) >= freePlan.drawsPerDay) {
      throw pickerErrors.quotaReached();
    }
    const client = deps.chainClient(config.drawChainId);
    if (!client) throw pickerErrors.drawChainUnavailable();
    let head: bigint;
    try {
      head = await client.getBlockNumber({ cacheTime: 0 });
    } catch (error) {
      throw pickerErrors.drawChainUnavailable(error);
    }
    const draw = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(pickers).where(eq(pickers.id, picker.id)).for("update");
      if (!locked) throw pickerErrors.pickerNotFound();
      const allowed =
        kind === "draw"
          ? locked.status === pickerStatus.readyToPick
          : locked.status === pickerStatus.selecting;
      if (!allowed) throw pickerErrors.wrongState();
      if (kind === "redraw") {
        if (await drawWaiting(tx, picker.id)) throw pickerErrors.committed();
      }
      const { commitment, entryCount } = await commitEligibleList(tx, picker.id);
      if (entryCount === 0) throw pickerErrors.noValidWinner();
      await tx
        .update(pickerEntries)
        .set({ rank: null, score: null, role: null })
        .where(and(eq(pickerEntries.pickerId, picker.id), isNotNull(pickerEntries.rank)));
      const [row] = await tx
        .insert(pickerDraws)
        .values({
          pickerId: picker.id,
          count: locked.drawCount + 1,
          kind,
          reason,
          commitment,
          entryCount,
          winnerCount: locked.winnerCount,
          chainId: config.drawChainId,
          // The first block after the commitment: it does not exist yet when this row is written.
          targetBlock: head + 1n,
          actorXUserId: actor.xUserId,
          ownerXUserId: locked.ownerXUserId,
          createdAt: deps.now(),
        })
        .returning();
      await tx
        .update(pickers)
        .set({
          status: pickerStatus.selecting,
          drawCount: locked.drawCount + 1,
          errorMessage: null,
          updatedAt: sql`now()`,
        })
        .where(eq(pickers.id, picker.id));
      return row!;
    });
    await deps.jobs.draw(draw.id);
    return drawView(draw);
  }

  return {
    load,

    async resolve(input: string) {
      const reference = parsePickerReference(input);
      if (!reference) throw pickerErrors.referenceNotFound();
      if (reference.kind === "post") {
        const [existing] = await db
          .select({ id: pickers.id })
          .from(pickers)
          .where(eq(pickers.postId, reference.postId))
          .orderBy(desc(pickers.createdAt))
          .limit(1);
        return { kind: "post" as const, postId: reference.postId, pickerId: existing?.id ?? null };
      }
      const [found] = await db
        .select({ id: pickers.id })
        .from(pickers)
        .where(reference.kind === "seed" ? eq(pickers.seed, reference.seed) : eq(pickers.id, reference.id));
      if (!found) {
        throw reference.kind === "seed" ? pickerErrors.seedNotFound() : pickerErrors.referenceNotFound();
      }
      return { kind: "picker" as const, pickerId: found.id, postId: null };
    },

    async bySeed(seed: string) {
      const [found] = await db.select().from(pickers).where(eq(pickers.seed, seed));
      if (!found) throw pickerErrors.seedNotFound();
      return found;
    },

    async create(actor: Actor | null, body: CreatePickerInput) {
      if (!actor) throw pickerErrors.usageLimit();
      if (body.version !== 2) throw pickerErrors.versionClosed();
      if (
        config.betaWhitelist.length > 0 &&
        !config.betaWhitelist.includes(actor.username.toLowerCase()) &&
        !config.betaWhitelist.includes(actor.xUserId)
      ) {
        throw pickerErrors.betaWhitelist();
      }
      const reference = parsePickerReference(body.postUrl);
      if (reference?.kind !== "post") throw pickerErrors.referenceNotFound();
      if (body.infoType === "custom" && !body.infoName) throw pickerErrors.infoNameRequired();

      const post = await deps.x
        .lookupPost(reference.postId, { expansions: ["author_id"] })
        .catch(mapXFailure);
      if (!post.found || !post.data.author_id) throw pickerErrors.postNotFound();
      const authorId = post.data.author_id;
      const author = post.includes.users?.find((user) => user.id === authorId);
      if (!(await roleFor(db, authorId, actor))) throw pickerErrors.notPostOwner();

      const member = await activeMembership(authorId);
      const replyLimit = member ? replyLookupWinnerLimit.member : replyLookupWinnerLimit.free;
      if (body.requireReply && body.winnerCount > replyLimit) throw pickerErrors.replyLimit(replyLimit);
      if (body.requireReply) {
        // Peek (SPEC §8): X's recent search sees only the last 7 days; with no entrant's reply there (the
        // host's own replies do not count), say so now.
        const query = `conversation_id:${reference.postId} is:reply${author ? ` -from:${author.username}` : ""}`;
        const replies = deps.x.searchRecent(query, { maxResults: 10, maxPages: 1 });
        try {
          const first = await replies.next().catch(mapXFailure);
          if (first.done || first.value.data.length === 0) throw pickerErrors.replyNotFound();
        } finally {
          await replies.return(undefined);
        }
      }

      let followTargets: { id: string; username: string }[] = [];
      if (body.followTargets.length > 0) {
        const wanted = [...new Set(body.followTargets.map((name) => name.toLowerCase()))];
        const found = await deps.x.lookupUsersByUsernames(wanted).catch(mapXFailure);
        const byName = new Map(found.data.map((user: XUser) => [user.username.toLowerCase(), user]));
        for (const name of wanted) if (!byName.has(name)) throw pickerErrors.followTargetMissing(name);
        followTargets = wanted.map((name) => {
          const user = byName.get(name)!;
          return { id: user.id, username: user.username };
        });
      }

      for (let attempt = 0; ; attempt++) {
        const seed = createPickerSeed((length) => randomBytes(length));
        const inserted = await db
          .insert(pickers)
          .values({
            seed,
            ownerXUserId: authorId,
            ownerUsername: author?.username ?? authorId,
            creatorXUserId: actor.xUserId,
            postId: reference.postId,
            postUrl: `https://x.com/${author?.username ?? "i"}/status/${reference.postId}`,
            postText: post.data.text,
            postCreatedAt: post.data.created_at ? new Date(post.data.created_at) : null,
            winnerCount: body.winnerCount,
            rewardAmount: body.rewardAmount ?? null,
            rewardText: body.rewardText,
            followTargets,
            requireRetweet: body.requireRetweet,
            requireReply: body.requireReply,
            infoType: body.infoType,
            infoName: body.infoType === "custom" ? body.infoName : "",
            filters: body.filters,
            entryLimit: member ? null : freePlan.entriesPerPost,
            status: pickerStatus.notStarted,
          })
          .onConflictDoNothing({ target: pickers.seed })
          .returning();
        if (inserted[0]) {
          await deps.jobs.pipeline(inserted[0].id);
          return inserted[0];
        }
        if (attempt > 5) throw new Error("could not allocate a unique picker seed");
      }
    },

    /** Rules may change only before the first commitment (T20). */
    async update(
      id: number,
      actor: Actor | null,
      changes: { winnerCount?: number; rewardAmount?: string | null; rewardText?: string },
    ) {
      const picker = await load(id);
      await requireOperator(picker, actor);
      const updated = await db
        .update(pickers)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(
          and(
            eq(pickers.id, id),
            eq(pickers.drawCount, 0),
            inArray(pickers.status, [...pickerPipelineStatuses, pickerStatus.readyToPick]),
          ),
        )
        .returning({ id: pickers.id });
      if (updated.length === 0) throw pickerErrors.committed();
    },

    async detail(id: number, actor: Actor | null): Promise<PickerDetail> {
      const picker = await load(id);
      const [poster] = await db
        .select({ updatedAt: pickerPosters.updatedAt })
        .from(pickerPosters)
        .where(eq(pickerPosters.pickerId, id));
      const role = await roleFor(db, picker.ownerXUserId, actor);
      let entry: Participant | null = null;
      if (actor && !role) {
        const [own] = await db
          .select()
          .from(pickerEntries)
          .where(and(eq(pickerEntries.pickerId, id), eq(pickerEntries.xUserId, actor.xUserId)));
        if (own) entry = participantView(picker, own, false, true);
      }
      const draw = await currentDraw(id);
      return {
        id: picker.id,
        seed: picker.seed,
        version: picker.version,
        status: picker.status,
        owner: { xUserId: picker.ownerXUserId, username: picker.ownerUsername },
        postId: picker.postId,
        postUrl: picker.postUrl,
        postText: picker.postText,
        winnerCount: picker.winnerCount,
        rewardAmount: picker.rewardAmount,
        rewardText: picker.rewardText,
        followTargets: picker.followTargets,
        requireRetweet: picker.requireRetweet,
        requireReply: picker.requireReply,
        infoType: picker.infoType,
        infoName: picker.infoName,
        filters: picker.filters,
        entryLimit: picker.entryLimit,
        progress: picker.progress,
        errorMessage: picker.errorMessage,
        entryCount: picker.entryCount,
        eligibleCount: picker.eligibleCount,
        excludedCounts: picker.excludedCounts,
        drawCount: picker.drawCount,
        currentDraw: draw ? drawView(draw) : null,
        payment:
          picker.paymentTxHash && picker.paymentChainId && picker.paidAt
            ? {
                chainId: picker.paymentChainId,
                txHash: picker.paymentTxHash,
                paidAt: picker.paidAt.toISOString(),
              }
            : null,
        viewer: {
          role: role ?? (entry ? "entrant" : "visitor"),
          xUserId: actor?.xUserId ?? null,
          entry,
        },
        posterUrl: poster ? `/api/bounty/picker/${picker.id}/poster?v=${poster.updatedAt.getTime()}` : null,
        createdAt: picker.createdAt.toISOString(),
      };
    },

    async list(actor: Actor | null, query: { page: number; size: number; mine: "0" | "1" }) {
      let where: SQL | undefined;
      if (query.mine === "1") {
        if (!actor) return { total: 0, rows: [] };
        const owners = await db
          .select({ owner: pickerAdmins.ownerXUserId })
          .from(pickerAdmins)
          .where(eq(pickerAdmins.adminXUserId, actor.xUserId));
        where = or(
          eq(pickers.creatorXUserId, actor.xUserId),
          inArray(pickers.ownerXUserId, [actor.xUserId, ...owners.map((row) => row.owner)]),
        );
      }
      const [total] = await db.select({ value: count() }).from(pickers).where(where);
      const rows = await db
        .select()
        .from(pickers)
        .where(where)
        .orderBy(desc(pickers.createdAt), desc(pickers.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      return { total: total?.value ?? 0, rows: rows.map(summaryView) };
    },

    async participants(
      id: number,
      actor: Actor | null,
      query: { page: number; size: number; filter: string; q?: string | undefined },
    ) {
      const picker = await load(id);
      const isHost = (await roleFor(db, picker.ownerXUserId, actor)) !== null;
      const conditions = [eq(pickerEntries.pickerId, id)];
      if (query.filter === "winners") conditions.push(eq(pickerEntries.role, "winner"));
      if (query.filter === "substitutes") conditions.push(eq(pickerEntries.role, "substitute"));
      if (query.filter === "excluded") conditions.push(isNotNull(pickerEntries.excludedReason));
      if (query.filter === "eligible") conditions.push(isNull(pickerEntries.excludedReason));
      if (query.q) {
        conditions.push(
          sql`(${pickerEntries.username} ilike ${`%${query.q.replace(/[%_\\]/g, "\\$&")}%`} or ${pickerEntries.xUserId} = ${query.q})`,
        );
      }
      const where = and(...conditions);
      const [total] = await db.select({ value: count() }).from(pickerEntries).where(where);
      const rows = await db
        .select()
        .from(pickerEntries)
        .where(where)
        .orderBy(
          sql`${pickerEntries.rank} asc nulls last`,
          asc(pickerEntries.username),
          asc(pickerEntries.xUserId),
        )
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      return {
        total: total?.value ?? 0,
        page: query.page,
        size: query.size,
        rows: rows.map((row) => participantView(picker, row, isHost, actor?.xUserId === row.xUserId)),
      };
    },

    async history(id: number) {
      await load(id);
      const rows = await db
        .select()
        .from(pickerDraws)
        .where(eq(pickerDraws.pickerId, id))
        .orderBy(asc(pickerDraws.count));
      return rows.map(drawView);
    },

    async draw(id: number, actor: Actor | null) {
      const picker = await load(id);
      await requireOperator(picker, actor);
      return commitDraw(picker, actor!, "draw", null);
    },

    async redraw(id: number, actor: Actor | null, reason: string) {
      const picker = await load(id);
      await requireOperator(picker, actor);
      return commitDraw(picker, actor!, "redraw", reason);
    },

    /** Reject one winner with a reason: the best-ranked substitute takes the place (logged publicly). */
    async replaceWinner(id: number, actor: Actor | null, xUserId: string, reason: string) {
      const picker = await load(id);
      await requireOperator(picker, actor);
      return db.transaction(async (tx) => {
        const [locked] = await tx.select().from(pickers).where(eq(pickers.id, id)).for("update");
        if (locked?.status !== pickerStatus.selecting) throw pickerErrors.wrongState();
        const [draw] = await tx
          .select()
          .from(pickerDraws)
          .where(and(eq(pickerDraws.pickerId, id), inArray(pickerDraws.kind, ["draw", "redraw"])))
          .orderBy(desc(pickerDraws.count))
          .limit(1);
        if (draw?.status !== "drawn") throw pickerErrors.wrongState();
        const [winner] = await tx
          .select()
          .from(pickerEntries)
          .where(
            and(
              eq(pickerEntries.pickerId, id),
              eq(pickerEntries.xUserId, xUserId),
              eq(pickerEntries.role, "winner"),
            ),
          );
        if (!winner) throw pickerErrors.notAWinner();
        const [substitute] = await tx
          .select()
          .from(pickerEntries)
          .where(
            and(
              eq(pickerEntries.pickerId, id),
              eq(pickerEntries.role, "substitute"),
              isNull(pickerEntries.rejectReason),
              isNull(pickerEntries.blackReason),
            ),
          )
          .orderBy(asc(pickerEntries.rank))
          .limit(1);
        if (!substitute) throw pickerErrors.noValidWinner();
        await tx
          .update(pickerEntries)
          .set({ role: null, rejectReason: reason })
          .where(and(eq(pickerEntries.pickerId, id), eq(pickerEntries.xUserId, xUserId)));
        await tx
          .update(pickerEntries)
          .set({ role: "winner" })
          .where(and(eq(pickerEntries.pickerId, id), eq(pickerEntries.xUserId, substitute.xUserId)));
        const [logged] = await tx
          .insert(pickerDraws)
          .values({
            pickerId: id,
            count: locked.drawCount + 1,
            kind: "replace",
            reason,
            commitment: draw.commitment,
            entryCount: draw.entryCount,
            winnerCount: draw.winnerCount,
            chainId: draw.chainId,
            targetBlock: draw.targetBlock,
            blockHash: draw.blockHash,
            status: "drawn",
            replacedXUserIds: [xUserId, substitute.xUserId],
            actorXUserId: actor!.xUserId,
            ownerXUserId: locked.ownerXUserId,
            createdAt: deps.now(),
            drawnAt: deps.now(),
          })
          .returning();
        await tx
          .update(pickers)
          .set({ drawCount: locked.drawCount + 1, updatedAt: sql`now()` })
          .where(eq(pickers.id, id));
        return { replaced: xUserId, replacement: substitute.xUserId, history: drawView(logged!) };
      });
    },

    /** Confirm the winners (at least one, at most the winner count); the others become substitutes. */
    async confirm(id: number, actor: Actor | null, xUserIds: string[]) {
      const picker = await load(id);
      await requireOperator(picker, actor);
      const chosen = [...new Set(xUserIds)];
      if (chosen.length === 0) throw pickerErrors.selectAtLeastOne();
      if (chosen.length > picker.winnerCount) throw pickerErrors.winnersExceedLimit(picker.winnerCount);
      await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(pickers).where(eq(pickers.id, id)).for("update");
        if (locked?.status !== pickerStatus.selecting) throw pickerErrors.wrongState();
        if (await drawWaiting(tx, id)) throw pickerErrors.wrongState();
        const winners = await tx
          .select({ xUserId: pickerEntries.xUserId })
          .from(pickerEntries)
          .where(and(eq(pickerEntries.pickerId, id), eq(pickerEntries.role, "winner")));
        const current = new Set(winners.map((row) => row.xUserId));
        if (current.size === 0) throw pickerErrors.noValidWinner();
        if (chosen.some((userId) => !current.has(userId))) throw pickerErrors.notAWinner();
        const dropped = [...current].filter((userId) => !chosen.includes(userId));
        if (dropped.length > 0) {
          await tx
            .update(pickerEntries)
            .set({ role: "substitute" })
            .where(and(eq(pickerEntries.pickerId, id), inArray(pickerEntries.xUserId, dropped)));
        }
        await tx
          .update(pickers)
          .set({ status: pickerStatus.collectingInfo, updatedAt: sql`now()` })
          .where(eq(pickers.id, id));
      });
    },

    /** Winners and substitutes, signed in with X, submit their info while the host collects it. */
    async submitInfo(id: number, actor: Actor | null, value: string) {
      if (!actor) throw pickerErrors.notAWinner();
      const picker = await load(id);
      const [entry] = await db
        .select({ role: pickerEntries.role })
        .from(pickerEntries)
        .where(and(eq(pickerEntries.pickerId, id), eq(pickerEntries.xUserId, actor.xUserId)));
      if (!entry?.role) throw pickerErrors.notAWinner();
      if (picker.status !== pickerStatus.selecting && picker.status !== pickerStatus.collectingInfo) {
        throw pickerErrors.wrongState();
      }
      const info = validateWinnerInfo(picker.infoType, value);
      const updated = await db
        .update(pickerEntries)
        .set({ info, infoSubmittedAt: deps.now() })
        .where(
          and(
            eq(pickerEntries.pickerId, id),
            eq(pickerEntries.xUserId, actor.xUserId),
            isNotNull(pickerEntries.role),
          ),
        )
        .returning({ xUserId: pickerEntries.xUserId });
      if (updated.length === 0) throw pickerErrors.notAWinner();
      return { info };
    },

    async completeCollect(id: number, actor: Actor | null) {
      const picker = await load(id);
      await requireOperator(picker, actor);
      await transition(id, [pickerStatus.collectingInfo], pickerStatus.paying);
    },

    /** Finish without an on-chain payment (a text reward, or paid elsewhere without a hash). */
    async finish(id: number, actor: Actor | null) {
      const picker = await load(id);
      await requireOperator(picker, actor);
      await transition(id, [pickerStatus.paying], pickerStatus.completed);
    },

    async cancel(id: number, actor: Actor | null) {
      const picker = await load(id);
      await requireOperator(picker, actor);
      await transition(
        id,
        [
          ...pickerPipelineStatuses,
          pickerStatus.error,
          pickerStatus.noParticipant,
          pickerStatus.readyToPick,
          pickerStatus.selecting,
          pickerStatus.collectingInfo,
          pickerStatus.paying,
        ],
        pickerStatus.cancelled,
      );
    },

    /** Record the payment: our BatchPayout paying every confirmed winner's EVM address, or any successful tx. */
    async pay(
      id: number,
      actor: Actor | null,
      body:
        | { mode: "batch"; chainId: number; txHash: `0x${string}`; token: string; amountPerWinner: string }
        | { mode: "external"; chainId: number; txHash: `0x${string}` },
    ) {
      const picker = await load(id);
      await requireOperator(picker, actor);
      if (picker.status !== pickerStatus.paying) throw pickerErrors.wrongState();
      const [used] = await db
        .select({ id: pickers.id })
        .from(pickers)
        .where(and(eq(pickers.paymentChainId, body.chainId), eq(pickers.paymentTxHash, body.txHash)));
      if (used) throw pickerErrors.paymentUsed();
      if (body.mode === "batch") {
        const contract = config.batchPayout[body.chainId];
        if (!contract) throw pickerErrors.paymentUnavailable();
        if (picker.infoType !== "evm") throw pickerErrors.noWinnerAddresses();
        const winners = await db
          .select({ info: pickerEntries.info })
          .from(pickerEntries)
          .where(
            and(
              eq(pickerEntries.pickerId, id),
              eq(pickerEntries.role, "winner"),
              isNotNull(pickerEntries.info),
            ),
          );
        if (winners.length === 0) throw pickerErrors.noWinnerAddresses();
        const amount = BigInt(body.amountPerWinner);
        await deps.payments.verifyBatch({
          chainId: body.chainId,
          txHash: body.txHash,
          batchPayout: contract,
          token: body.token === "native" ? "native" : toChecksumAddress(body.token),
          payments: winners.map((winner) => ({ to: toChecksumAddress(winner.info!), amount })),
          reference: paymentReference(picker.seed),
        });
      } else {
        await deps.payments.verifyTransaction({ chainId: body.chainId, txHash: body.txHash });
      }
      const updated = await db
        .update(pickers)
        .set({
          status: pickerStatus.completed,
          paymentChainId: body.chainId,
          paymentTxHash: body.txHash,
          paidAt: deps.now(),
          updatedAt: sql`now()`,
        })
        .where(and(eq(pickers.id, id), eq(pickers.status, pickerStatus.paying)))
        .returning({ id: pickers.id });
      if (updated.length === 0) throw pickerErrors.wrongState();
      return { chainId: body.chainId, txHash: body.txHash };
    },

    async bans(id: number) {
      const picker = await load(id);
      const rows = await db
        .select()
        .from(pickerBans)
        .where(eq(pickerBans.ownerXUserId, picker.ownerXUserId))
        .orderBy(desc(pickerBans.createdAt));
      return rows.map((row) => ({
        xUserId: row.xUserId,
        username: row.username,
        reason: row.reason,
        addedBy: row.addedByUsername,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /** Ban with a black reason; it lands on the owner's list, so a helper's ban syncs to the owner. */
    async ban(id: number, actor: Actor | null, username: string, reason: string) {
      const picker = await load(id);
      await requireOperator(picker, actor);
      const [entry] = await db
        .select()
        .from(pickerEntries)
        .where(
          and(
            eq(pickerEntries.pickerId, id),
            sql`lower(${pickerEntries.username}) = ${username.toLowerCase()}`,
          ),
        );
      let target = entry ? { id: entry.xUserId, username: entry.username } : undefined;
      if (!target) {
        const found = await deps.x.lookupUserByUsername(username).catch(mapXFailure);
        if (!found.found) throw pickerErrors.userNotFound(username);
        target = { id: found.data.id, username: found.data.username };
      }
      await db.transaction(async (tx) => {
        if (await drawWaiting(tx, id)) throw pickerErrors.committed();
        await tx
          .insert(pickerBans)
          .values({
            ownerXUserId: picker.ownerXUserId,
            xUserId: target.id,
            username: target.username,
            reason,
            addedByXUserId: actor!.xUserId,
            addedByUsername: actor!.username,
            pickerId: id,
          })
          .onConflictDoUpdate({
            target: [pickerBans.ownerXUserId, pickerBans.xUserId],
            set: { reason, addedByXUserId: actor!.xUserId, addedByUsername: actor!.username },
          });
        await tx
          .update(pickerEntries)
          .set({ blackReason: reason })
          .where(and(eq(pickerEntries.pickerId, id), eq(pickerEntries.xUserId, target.id)));
      });
      return { xUserId: target.id, username: target.username };
    },

    async unban(id: number, actor: Actor | null, xUserId: string) {
      const picker = await load(id);
      await requireOperator(picker, actor);
      await db.transaction(async (tx) => {
        if (await drawWaiting(tx, id)) throw pickerErrors.committed();
        await tx
          .delete(pickerBans)
          .where(and(eq(pickerBans.ownerXUserId, picker.ownerXUserId), eq(pickerBans.xUserId, xUserId)));
        await tx
          .update(pickerEntries)
          .set({ blackReason: null })
          .where(and(eq(pickerEntries.pickerId, id), eq(pickerEntries.xUserId, xUserId)));
      });
    },

    async admins(id: number, actor: Actor | null) {
      const picker = await load(id);
      await requireOperator(picker, actor);
      const rows = await db
        .select()
        .from(pickerAdmins)
        .where(eq(pickerAdmins.ownerXUserId, picker.ownerXUserId))
        .orderBy(asc(pickerAdmins.createdAt));
      return rows.map((row) => ({
        xUserId: row.adminXUserId,
        username: row.adminUsername,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /** Only the owner account itself manages its helpers. */
    async addAdmin(id: number, actor: Actor | null, username: string) {
      const picker = await load(id);
      if (actor?.xUserId !== picker.ownerXUserId) throw pickerErrors.notCreator();
      const found = await deps.x.lookupUserByUsername(username).catch(mapXFailure);
      if (!found.found) throw pickerErrors.userNotFound(username);
      if (found.data.id === picker.ownerXUserId)
        return { xUserId: found.data.id, username: found.data.username };
      await db
        .insert(pickerAdmins)
        .values({
          ownerXUserId: picker.ownerXUserId,
          adminXUserId: found.data.id,
          adminUsername: found.data.username,
          addedByXUserId: actor.xUserId,
        })
        .onConflictDoNothing();
      return { xUserId: found.data.id, username: found.data.username };
    },

    async removeAdmin(id: number, actor: Actor | null, xUserId: string) {
      const picker = await load(id);
      if (actor?.xUserId !== picker.ownerXUserId) throw pickerErrors.notCreator();
      await db
        .delete(pickerAdmins)
        .where(
          and(eq(pickerAdmins.ownerXUserId, picker.ownerXUserId), eq(pickerAdmins.adminXUserId, xUserId)),
        );
    },

    /** The draw file of the current draw (DESIGN.md §6), plus the winners the draw made. */
    async drawFile(reference: string) {
      const picker = /^\d{1,15}$/.test(reference)
        ? await load(Number(reference))
        : await this.bySeed(reference);
      const draw = await currentDraw(picker.id);
      if (draw?.status !== "drawn" || !draw.blockHash) throw pickerErrors.wrongState();
      // The committed list is what stood when the draw was made: every ranked entry of that draw.
      const ranked = await db
        .select({ xUserId: pickerEntries.xUserId, rank: pickerEntries.rank })
        .from(pickerEntries)
        .where(and(eq(pickerEntries.pickerId, picker.id), isNotNull(pickerEntries.rank)));
      const file = buildDrawFile({
        postId: picker.postId,
        blockNumber: draw.targetBlock,
        blockHash: draw.blockHash as `0x${string}`,
        winnerCount: draw.winnerCount,
        userIds: ranked.map((row) => row.xUserId),
      });
      const publishedWinners = ranked
        .filter((row) => row.rank! <= draw.winnerCount)
        .sort((left, right) => left.rank! - right.rank!)
        .map((row) => row.xUserId);
      return { ...file, seed: picker.seed, chainId: draw.chainId, publishedWinners };
    },

    /** SPEC §6: a custom poster comes with the owner account's annual membership (paid up, now or next). */
    async setPoster(id: number, actor: Actor | null, image: string) {
      const picker = await load(id);
      await requireOperator(picker, actor);
      const [annual] = await db
        .select({ id: pickerMemberships.id })
        .from(pickerMemberships)
        .where(
          and(
            eq(pickerMemberships.xUserId, picker.ownerXUserId),
            eq(pickerMemberships.plan, "year"),
            gt(pickerMemberships.expiresAt, deps.now()),
          ),
        )
        .limit(1);
      if (!annual) throw pickerErrors.posterAnnualOnly();
      const { contentType, bytes } = decodePoster(image);
      const values = { contentType, bytes, byteSize: bytes.length, updatedAt: deps.now() };
      const [saved] = await db
        .insert(pickerPosters)
        .values({ pickerId: id, ...values })
        .onConflictDoUpdate({ target: pickerPosters.pickerId, set: values })
        .returning({ updatedAt: pickerPosters.updatedAt });
      return { posterUrl: `/api/bounty/picker/${id}/poster?v=${saved!.updatedAt.getTime()}` };
    },

    async removePoster(id: number, actor: Actor | null) {
      const picker = await load(id);
      await requireOperator(picker, actor);
      await db.delete(pickerPosters).where(eq(pickerPosters.pickerId, id));
    },

    async poster(id: number) {
      const [poster] = await db
        .select({ contentType: pickerPosters.contentType, bytes: pickerPosters.bytes })
        .from(pickerPosters)
        .where(eq(pickerPosters.pickerId, id));
      if (!poster) throw pickerErrors.posterNotFound();
      return poster;
    },

    async membershipStatus(actor: Actor | null) {
      const membership = actor ? await activeMembership(actor.xUserId) : undefined;
      return {
        member: membership !== undefined,
        plan: membership?.plan ?? null,
        expiresAt: membership?.expiresAt.toISOString() ?? null,
        drawsToday: actor ? await drawsToday(actor.xUserId) : 0,
        drawsPerDay: membership ? null : freePlan.drawsPerDay,
        entriesPerPost: membership ? null : freePlan.entriesPerPost,
        payment: config.membership
          ? {
              chainId: config.membership.chainId,
              token: config.membership.token,
              treasury: config.membership.treasury,
              decimals: config.membership.decimals,
              monthlyPrice: membershipMonthlyPriceUsdt,
            }
          : null,
      };
    },

    /** Membership from an on-chain USDT payment to the treasury, verified from its receipt (T19). */
    async buyMembership(
      actor: Actor | null,
      body: { chainId: number; txHash: `0x${string}`; plan: "month" | "year" },
    ) {
      if (!actor) throw pickerErrors.usageLimit();
      const settings = config.membership;
      if (!settings) throw pickerErrors.paymentUnavailable();
      if (body.chainId !== settings.chainId) throw pickerErrors.paymentInvalid("wrong-chain");
      const months = membershipPlans[body.plan];
      const price = parseUnits(membershipMonthlyPriceUsdt, settings.decimals) * BigInt(months);
      const [used] = await db
        .select({ id: pickerMemberships.id })
        .from(pickerMemberships)
        .where(and(eq(pickerMemberships.chainId, body.chainId), eq(pickerMemberships.txHash, body.txHash)));
      if (used) throw pickerErrors.paymentUsed();
      const payment = await deps.payments.verifyMembership({
        chainId: body.chainId,
        txHash: body.txHash,
        token: settings.token,
        to: settings.treasury,
        minAmount: price,
      });
      const current = await activeMembership(actor.xUserId);
      const startsAt = current ? current.expiresAt : deps.now();
      const expiresAt = new Date(startsAt);
      expiresAt.setUTCMonth(expiresAt.getUTCMonth() + months);
      const inserted = await db
        .insert(pickerMemberships)
        .values({
          xUserId: actor.xUserId,
          payer: payment.payer,
          plan: body.plan,
          chainId: body.chainId,
          txHash: body.txHash,
          amount: payment.amount.toString(),
          startsAt,
          expiresAt,
        })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) throw pickerErrors.paymentUsed();
      return this.membershipStatus(actor);
    },
  };

  async function transition(id: number, from: readonly number[], to: number) {
    const updated = await db
      .update(pickers)
      .set({ status: to, updatedAt: sql`now()` })
      .where(and(eq(pickers.id, id), inArray(pickers.status, [...from])))
      .returning({ id: pickers.id });
    if (updated.length === 0) throw pickerErrors.wrongState();
  }
}

function participantView(
  picker: PickerRow,
  row: typeof pickerEntries.$inferSelect,
  viewerIsHost: boolean,
  viewerIsEntrant: boolean,
): Participant {
  return {
    xUserId: row.xUserId,
    username: row.username,
    name: row.name,
    avatarUrl: row.avatarUrl,
    retweeted: row.retweeted,
    quoted: row.quoted,
    replied: row.replied,
    excludedReason: row.excludedReason,
    score: row.score,
    displayScore: row.score === null ? null : displayScore(BigInt(row.score)),
    rank: row.rank,
    role: row.role,
    rejectReason: row.rejectReason,
    blackReason: row.blackReason,
    info: visibleInfo(picker.infoType, row.info, viewerIsHost, viewerIsEntrant),
    infoSubmitted: row.info !== null,
  };
}

export type PickerService = ReturnType<typeof createPickerService>;
