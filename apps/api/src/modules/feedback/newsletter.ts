// The newsletter list: subscribe (one row per mailbox), unsubscribe through a signed link, and the export
// administrators hand to whatever sends the mail (sending is not part of this service).
import { Readable } from "node:stream";
import { csvRow } from "@dropfair/core/csv";
import { isHoneypotTripped, maskEmail } from "@dropfair/core/feedback";
import type { SubscriptionState } from "@dropfair/schemas/feedback";
import type { Language } from "../../platform/i18n.ts";
import { recordAdminAction } from "../admin/index.ts";
import { feedbackErrors } from "./errors.ts";
import type { FeedbackDependencies } from "./reports.ts";
import * as repository from "./repository.ts";
import { signUnsubscribeToken, subscriptionIdOf, verifyUnsubscribeToken } from "./unsubscribe-token.ts";

const exportPageSize = 1000;

/** The web app's unsubscribe page for this subscription, in the language it was made in. */
export function unsubscribeUrl(
  dependencies: FeedbackDependencies,
  subscription: { id: number; email: string; locale: Language },
): string {
  const token = signUnsubscribeToken(dependencies.newsletterSecret, subscription.id, subscription.email);
  const prefix = subscription.locale === "cn" ? "/cn" : "";
  return `${dependencies.appOrigin}${prefix}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * Subscribes the (already normalised) address. Answered the same whether it was new, already on the list or a
 * bot's, so the form tells nobody who else subscribed.
 */
export async function subscribe(
  dependencies: FeedbackDependencies,
  input: { email: string; locale: Language; website?: string | undefined },
): Promise<{ subscribed: true }> {
  if (isHoneypotTripped(input.website)) return { subscribed: true };
  await repository.upsertSubscription(dependencies.db, {
    email: input.email,
    locale: input.locale,
    now: dependencies.now(),
  });
  return { subscribed: true };
}

/** The subscription a link names, once its signature checks out against the stored address. */
async function subscriptionOfToken(dependencies: FeedbackDependencies, token: string) {
  const secret = dependencies.newsletterSecret;
  const id = subscriptionIdOf(token);
  const row = id === undefined ? undefined : await repository.subscriptionById(dependencies.db, id);
  if (!row || !verifyUnsubscribeToken(secret, token, row.id, row.email)) throw feedbackErrors.tokenInvalid();
  return row;
}

/** What the unsubscribe page shows before the visitor confirms (a link preview must not unsubscribe). */
export async function subscriptionState(
  dependencies: FeedbackDependencies,
  token: string,
): Promise<SubscriptionState> {
  const row = await subscriptionOfToken(dependencies, token);
  return { email: maskEmail(row.email), subscribed: row.unsubscribedAt === null };
}

export async function unsubscribe(
  dependencies: FeedbackDependencies,
  token: string,
): Promise<SubscriptionState> {
  const row = await subscriptionOfToken(dependencies, token);
  await repository.endSubscription(dependencies.db, row.id, dependencies.now());
  return { email: maskEmail(row.email), subscribed: false };
}

/**
 * The active subscriptions as CSV (address, language, consent time, unsubscribe link), streamed in pages. Each
 * export is recorded in the audit trail: it hands personal data out.
 */
export async function exportSubscriptions(
  dependencies: FeedbackDependencies,
  actorUserId: number,
): Promise<{ filename: string; body: Readable }> {
  const at = dependencies.now();
  await recordAdminAction(dependencies.db, {
    actorUserId,
    action: "feedback.export",
    targetKind: "newsletter_subscriptions",
    targetId: "active",
  });
  async function* lines() {
    yield csvRow(["email", "locale", "consented_at", "unsubscribe_url"]);
    for (let afterId = 0; ; ) {
      const page = await repository.activeSubscriptionsAfter(dependencies.db, afterId, exportPageSize);
      if (page.length === 0) return;
      yield page
        .map((row) =>
          csvRow([row.email, row.locale, row.consentedAt.toISOString(), unsubscribeUrl(dependencies, row)]),
        )
        .join("");
      afterId = page.at(-1)!.id;
    }
  }
  return { filename: `newsletter-${at.toISOString().slice(0, 10)}.csv`, body: Readable.from(lines()) };
}
