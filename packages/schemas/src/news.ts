// The wire contract of the airdrop news (drops and daily): the public list, the feed's JSON twin, and the
// administrators' curation bodies.
import {
  dropCategoryPattern,
  dropStatuses,
  dropWindowDays,
  isWebLink,
  newsLimits,
  normalizeKeyword,
} from "@dropfair/core/news";
import { hasVisibleCharacter, stripBidiControls } from "@dropfair/core/text";
import { z } from "zod";

/** Where an item of the list comes from: a curated entry, or one of Dropfair's own campaigns. */
export const dropKinds = ["news", "airdrop", "tips", "wheel"] as const;
export type DropKind = (typeof dropKinds)[number];
export const newsLinkKinds = ["website", "x", "discord", "telegram", "docs", "other"] as const;

const readable = z.string().transform(stripBidiControls);

function requiredText(max: number, requiredKey: string) {
  return readable.pipe(
    z
      .string()
      .trim()
      .min(1, { message: requiredKey })
      .refine(hasVisibleCharacter, { message: requiredKey })
      .max(max, { message: "validation.request.fieldTooLong" }),
  );
}

function optionalText(max: number) {
  return readable
    .pipe(z.string().trim().max(max, { message: "validation.request.fieldTooLong" }))
    .transform((value) => (value === "" ? null : value))
    .nullable();
}

/** Links are http or https only: no javascript:, data: or other schemes reach a page. */
const webLink = z.string().trim().refine(isWebLink, { message: "validation.news.linkInvalid" });

/** Logos load straight from their host, so only https. */
const logoUrl = z
  .string()
  .trim()
  .refine((value) => isWebLink(value) && value.startsWith("https://"), {
    message: "validation.news.logoInvalid",
  });

const instant = z.iso.datetime({ offset: true, message: "validation.request.fieldInvalid" });

const category = z
  .string()
  .trim()
  .toLowerCase()
  .regex(dropCategoryPattern, { message: "validation.news.categoryInvalid" });

export const newsLinkSchema = z.object({ kind: z.enum(newsLinkKinds), url: webLink }).strict();
export const newsRequirementSchema = z
  .object({
    action: requiredText(newsLimits.requirementActionMaxLength, "validation.news.actionRequired"),
    url: webLink,
  })
  .strict();

const entryShape = {
  project: requiredText(newsLimits.projectMaxLength, "validation.news.projectRequired"),
  title: requiredText(newsLimits.titleMaxLength, "validation.news.titleRequired"),
  summary: readable.pipe(z.string().trim().max(newsLimits.summaryMaxLength)),
  logoUrl: logoUrl.nullable(),
  category,
  chainIds: z
    .array(
      z
        .number()
        .int()
        .positive()
        .max(2 ** 53 - 1),
    )
    .max(newsLimits.chainsMax),
  startAt: instant,
  endAt: instant.nullable(),
  links: z.array(newsLinkSchema).max(newsLimits.linksMax),
  requirements: z.array(newsRequirementSchema).max(newsLimits.requirementsMax),
  estimatedCost: optionalText(newsLimits.estimateMaxLength),
  estimatedReward: optionalText(newsLimits.estimateMaxLength),
  sourceName: optionalText(newsLimits.sourceNameMaxLength),
  sourceUrl: webLink.nullable(),
  verifiedLinks: z.boolean(),
};

const timeOrderIssue = { code: "custom" as const, path: ["endAt"], message: "validation.airdrop.timeOrder" };

function endsAfterStart(value: { startAt?: string | undefined; endAt?: string | null | undefined }) {
  return !value.startAt || !value.endAt || new Date(value.endAt) > new Date(value.startAt);
}

/** A new entry; it starts unpublished. Unknown fields (a status, an author, a published flag) are a 400. */
export const createNewsEntryBodySchema = z
  .object({
    ...entryShape,
    summary: entryShape.summary.default(""),
    logoUrl: entryShape.logoUrl.default(null),
    chainIds: entryShape.chainIds.default([]),
    endAt: entryShape.endAt.default(null),
    links: entryShape.links.default([]),
    requirements: entryShape.requirements.default([]),
    estimatedCost: entryShape.estimatedCost.default(null),
    estimatedReward: entryShape.estimatedReward.default(null),
    sourceName: entryShape.sourceName.default(null),
    sourceUrl: entryShape.sourceUrl.default(null),
    verifiedLinks: entryShape.verifiedLinks.default(false),
  })
  .strict()
  .check((context) => {
    if (!endsAfterStart(context.value)) context.issues.push({ ...timeOrderIssue, input: context.value });
  });
export type CreateNewsEntryBody = z.input<typeof createNewsEntryBodySchema>;
export type CreateNewsEntryInput = z.output<typeof createNewsEntryBodySchema>;

/** An edit: any subset of the fields. Publishing and featuring have their own routes. */
export const updateNewsEntryBodySchema = z
  .object(entryShape)
  .partial()
  .strict()
  .check((context) => {
    if (!endsAfterStart(context.value)) context.issues.push({ ...timeOrderIssue, input: context.value });
  });
export type UpdateNewsEntryInput = z.output<typeof updateNewsEntryBodySchema>;

export const newsFeatureBodySchema = z.object({ featured: z.boolean() }).strict();

export const newsEntryIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1),
});

/** The drops list: category, status, the last 1/7/30 days, the search keyword, a page. */
export const dropsQuerySchema = z
  .object({
    category: category.optional(),
    status: z.coerce
      .number()
      .pipe(
        z.literal([dropStatuses.notStarted, dropStatuses.running, dropStatuses.ended], {
          message: "validation.request.fieldInvalid",
        }),
      )
      .optional(),
    days: z.coerce
      .number()
      .pipe(z.literal(dropWindowDays, { message: "validation.news.daysInvalid" }))
      .optional(),
    keyword: z
      .string()
      .max(200, { message: "validation.request.fieldTooLong" })
      .transform(normalizeKeyword)
      .optional(),
    page: z.coerce.number().int().min(1).max(100).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export type DropsQuery = z.output<typeof dropsQuerySchema>;

export const adminNewsListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

const linkOut = z.object({ kind: z.enum(newsLinkKinds), url: z.string() });
const requirementOut = z.object({ action: z.string(), url: z.string() });

/** One item of the drops list: a curated entry, or one of Dropfair's own campaigns (`onDropfair`). */
export const dropItemSchema = z.object({
  kind: z.enum(dropKinds),
  /** The id within its kind (a news entry id, an airdrop id, …). */
  id: z.number().int(),
  onDropfair: z.boolean(),
  project: z.string(),
  logoUrl: z.string().nullable(),
  title: z.string(),
  summary: z.string(),
  /** A curated entry's category; Dropfair's own campaigns have none. */
  category: z.string().nullable(),
  status: z.number().int(),
  chainIds: z.array(z.number().int()),
  startAt: z.string(),
  endAt: z.string().nullable(),
  /** When it entered the list (published, or released on Dropfair): what the 1/7/30-day filters look at. */
  listedAt: z.string(),
  links: z.array(linkOut),
  requirements: z.array(requirementOut),
  estimatedCost: z.string().nullable(),
  estimatedReward: z.string().nullable(),
  sourceName: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  verifiedLinks: z.boolean(),
  featured: z.boolean(),
  isSample: z.boolean(),
});
export type DropItem = z.infer<typeof dropItemSchema>;

export const dropListSchema = z.object({ items: z.array(dropItemSchema), total: z.number().int() });
export type DropList = z.infer<typeof dropListSchema>;

export const dropCategoriesSchema = z.object({ categories: z.array(z.string()) });

/** An entry as administrators see it: unpublished ones too, with their publication state. */
export const newsEntrySchema = dropItemSchema.extend({
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NewsEntry = z.infer<typeof newsEntrySchema>;

export const newsEntryListSchema = z.object({ items: z.array(newsEntrySchema), total: z.number().int() });
