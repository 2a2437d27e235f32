// Creating a picker for a post (which starts its collection) and changing its rules before the first draw.
import { randomBytes } from "node:crypto";
import { createPickerSeed, parsePickerReference, pickerStatus } from "@dropfair/core/picker";
import {
  normalizeFollowTargets,
  onBetaWhitelist,
  pickerEditableStatuses,
  pickerPlanLimits,
} from "@dropfair/core/picker-rules";
import type { CreatePickerInput } from "@dropfair/schemas/picker";
import type { XUser } from "@dropfair/social/x";
import { type Actor, requireOperator, roleFor } from "./access.ts";
import { activeMembership } from "./account-repository.ts";
import { loadPicker, mapXFailure, type PickerDependencies } from "./context.ts";
import { pickerErrors } from "./errors.ts";
import { insertPicker, type PickerRow, updateRulesBeforeFirstDraw } from "./repository.ts";

/** How many fresh seeds to try before giving up (a collision of 49-bit seeds is already rare). */
const seedAttempts = 7;

export function pickerCreation(dependencies: PickerDependencies) {
  const { db, config, x } = dependencies;

  /**
   * With a reply required, peek at the post's replies first: X's recent search sees only the last 7 days,
   * so when no entrant's reply is there (the host's own replies do not count), say so now.
   */
  async function requireSomeReply(postId: string, authorUsername: string | undefined): Promise<void> {
    const query = `conversation_id:${postId} is:reply${authorUsername ? ` -from:${authorUsername}` : ""}`;
    const replies = x.searchRecent(query, { maxResults: 10, maxPages: 1 });
    try {
      const first = await replies.next().catch(mapXFailure);
      if (first.done || first.value.data.length === 0) throw pickerErrors.replyNotFound();
    } finally {
      await replies.return(undefined);
    }
  }

  /** The follow targets as X knows them; a name X does not know is refused. */
  async function lookupFollowTargets(names: readonly string[]): Promise<{ id: string; username: string }[]> {
    if (names.length === 0) return [];
    const wanted = normalizeFollowTargets(names);
    const found = await x.lookupUsersByUsernames(wanted).catch(mapXFailure);
    const byName = new Map(found.data.map((user: XUser) => [user.username.toLowerCase(), user]));
    for (const name of wanted) if (!byName.has(name)) throw pickerErrors.followTargetMissing(name);
    return wanted.map((name) => {
      const user = byName.get(name)!;
      return { id: user.id, username: user.username };
    });
  }

  return {
    /** Creates a picker for a post of the actor (or of an account it helps) and queues its collection. */
    async create(actor: Actor | null, body: CreatePickerInput): Promise<PickerRow> {
      if (!actor) throw pickerErrors.usageLimit();
      if (body.version !== 2) throw pickerErrors.versionClosed();
      if (!onBetaWhitelist(config.betaWhitelist, actor)) throw pickerErrors.betaWhitelist();
      const reference = parsePickerReference(body.postUrl);
      if (reference?.kind !== "post") throw pickerErrors.referenceNotFound();
      if (body.infoType === "custom" && !body.infoName) throw pickerErrors.infoNameRequired();

      const post = await x.lookupPost(reference.postId, { expansions: ["author_id"] }).catch(mapXFailure);
      if (!post.found || !post.data.author_id) throw pickerErrors.postNotFound();
      const authorId = post.data.author_id;
      const author = post.includes.users?.find((user) => user.id === authorId);
      if (!(await roleFor(db, authorId, actor))) throw pickerErrors.notPostOwner();

      const member = await activeMembership(db, authorId, dependencies.now());
      const limits = pickerPlanLimits(member !== undefined);
      if (body.requireReply && body.winnerCount > limits.replyLookupWinners) {
        throw pickerErrors.replyLimit(limits.replyLookupWinners);
      }
      if (body.requireReply) await requireSomeReply(reference.postId, author?.username);
      const followTargets = await lookupFollowTargets(body.followTargets);

      for (let attempt = 0; ; attempt++) {
        const inserted = await insertPicker(db, {
          seed: createPickerSeed((length) => randomBytes(length)),
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
          entryLimit: limits.entriesPerPost,
          status: pickerStatus.notStarted,
        });
        if (inserted) {
          await dependencies.jobs.pipeline(inserted.id);
          return inserted;
        }
        if (attempt + 1 >= seedAttempts) throw new Error("could not allocate a unique picker seed");
      }
    },

    /** The rules change only before the first commitment: a committed list must stay what it was. */
    async update(
      id: number,
      actor: Actor | null,
      changes: { winnerCount?: number; rewardAmount?: string | null; rewardText?: string },
    ): Promise<void> {
      const picker = await loadPicker(db, id);
      await requireOperator(db, picker, actor);
      if (!(await updateRulesBeforeFirstDraw(db, id, pickerEditableStatuses, changes))) {
        throw pickerErrors.committed();
      }
    },
  };
}
