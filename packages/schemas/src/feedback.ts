import {
  emailMessage,
  emailProblem,
  feedbackLimits,
  honeypotFieldName,
  normalizeEmail,
  reportKinds,
  reportStatuses,
} from "@dropfair/core/feedback";
import { hasVisibleCharacter, stripBidiControls } from "@dropfair/core/text";
import { z } from "zod";
import { posterDataUrlPattern } from "./picker.ts";

export { type ReportKind, type ReportStatus, reportKinds, reportStatuses } from "@dropfair/core/feedback";

const locales = ["en", "cn"] as const;

/** Text people read: direction controls dropped, blanks trimmed, something visible required. */
function readable(options: { max: number; required: string; tooLong: string }) {
  return z
    .string({ error: options.required })
    .transform(stripBidiControls)
    .pipe(
      z
        .string()
        .trim()
        .min(1, { message: options.required })
        .refine(hasVisibleCharacter, { message: options.required })
        .max(options.max, { message: options.tooLong }),
    );
}

/** The honeypot: optional, and any value is accepted here; the use case drops such a submission quietly. */
const honeypot = z.string().max(2000).optional();

/** A base64 data URL is 4/3 of the bytes it carries, plus its `data:image/…;base64,` prefix. */
const screenshotDataUrlMaxLength =
  "data:image/jpeg;base64,".length + Math.ceil(feedbackLimits.screenshotMaxBytes / 3) * 4;

export const createReportBodySchema = z
  .object({
    kind: z.enum(reportKinds),
    title: readable({
      max: feedbackLimits.titleMaxLength,
      required: "feedback.titleRequired",
      tooLong: "feedback.titleTooLong",
    }),
    description: readable({
      max: feedbackLimits.descriptionMaxLength,
      required: "feedback.descriptionRequired",
      tooLong: "feedback.descriptionTooLong",
    }),
    page: readable({
      max: feedbackLimits.pageMaxLength,
      required: "feedback.pageRequired",
      tooLong: "feedback.pageTooLong",
    }),
    contact: z
      .string()
      .transform(stripBidiControls)
      .pipe(z.string().trim().max(feedbackLimits.contactMaxLength, { message: "feedback.contactTooLong" }))
      .nullable()
      .optional()
      .transform((value) => (value ? value : null)),
    /** A PNG, JPEG or WebP data URL of at most 1 MB; its bytes are checked against the type it declares. */
    screenshot: z
      .string()
      .max(screenshotDataUrlMaxLength, { message: "feedback.screenshotTooLarge" })
      .regex(posterDataUrlPattern, { message: "feedback.screenshotInvalid" })
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    locale: z.enum(locales).optional(),
    [honeypotFieldName]: honeypot,
  })
  .strict();
export type CreateReportBody = z.input<typeof createReportBodySchema>;
export type CreateReportInput = z.output<typeof createReportBodySchema>;

/** What a report submission is answered, kept or not (a tripped honeypot gets the same answer). */
export const reportReceivedSchema = z.object({ received: z.literal(true) });

export const feedbackReportSchema = z.object({
  id: z.number().int(),
  kind: z.enum(reportKinds),
  title: z.string(),
  description: z.string(),
  page: z.string(),
  contact: z.string().nullable(),
  locale: z.enum(locales),
  status: z.enum(reportStatuses),
  hasScreenshot: z.boolean(),
  /** The wallet of a signed-in reporter, else null. */
  reporterAddress: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FeedbackReport = z.infer<typeof feedbackReportSchema>;

export const reportListQuerySchema = z.object({
  status: z.enum(reportStatuses).optional(),
  kind: z.enum(reportKinds).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type ReportListQuery = z.input<typeof reportListQuerySchema>;

export const reportListSchema = z.object({
  items: z.array(feedbackReportSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type ReportList = z.infer<typeof reportListSchema>;

export const reportIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const updateReportBodySchema = z.object({ status: z.enum(reportStatuses) }).strict();

/** An e-mail address as the subscribe form sends it: the two messages people see, then stored normalised. */
const emailSchema = z
  .string({ error: "validation.email.empty" })
  .superRefine((value, context) => {
    const problem = emailProblem(value);
    if (problem) context.addIssue({ code: "custom", message: emailMessage(problem) });
  })
  .transform(normalizeEmail);

export const subscribeBodySchema = z
  .object({
    email: emailSchema,
    /** The language mails go out in; the request's language when left out. */
    locale: z.enum(locales).optional(),
    [honeypotFieldName]: honeypot,
  })
  .strict();
export type SubscribeBody = z.input<typeof subscribeBodySchema>;

/** The same answer whether the address was new, already subscribed, or a bot's (honeypot). */
export const subscribedSchema = z.object({ subscribed: z.literal(true) });

export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: "feedback.unsubscribeTokenInvalid" }).max(300, {
    message: "feedback.unsubscribeTokenInvalid",
  }),
});

/** A subscription as its unsubscribe link shows it: the address masked. */
export const subscriptionStateSchema = z.object({
  email: z.string(),
  subscribed: z.boolean(),
});
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;
