// Bot API wire shapes, parsed at the edge. Objects are not strict: Telegram adds fields
// (and admin rights) often, and unknown ones are dropped, not fatal.
import { z } from "zod";

export const telegramUserSchema = z.object({
  /** Up to 52 significant bits: safe as a JS number. */
  id: z.number().int(),
  is_bot: z.boolean(),
  first_name: z.string(),
  last_name: z.string().optional(),
  username: z.string().optional(),
  language_code: z.string().optional(),
  is_premium: z.boolean().optional(),
});
export type TelegramUser = z.infer<typeof telegramUserSchema>;

export const telegramBotUserSchema = telegramUserSchema.extend({
  can_join_groups: z.boolean().optional(),
  can_read_all_group_messages: z.boolean().optional(),
  supports_inline_queries: z.boolean().optional(),
});
export type TelegramBotUser = z.infer<typeof telegramBotUserSchema>;

const right = z.boolean().optional();

/** ChatMember, discriminated by `status`. */
export const telegramChatMemberSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("creator"),
    user: telegramUserSchema,
    is_anonymous: z.boolean(),
    custom_title: z.string().optional(),
  }),
  z.object({
    status: z.literal("administrator"),
    user: telegramUserSchema,
    can_be_edited: right,
    is_anonymous: right,
    can_manage_chat: right,
    can_delete_messages: right,
    can_restrict_members: right,
    can_promote_members: right,
    can_change_info: right,
    can_invite_users: right,
    can_post_messages: right,
    can_edit_messages: right,
    can_pin_messages: right,
    custom_title: z.string().optional(),
  }),
  z.object({
    status: z.literal("member"),
    user: telegramUserSchema,
    /** When a paid subscription runs out (Unix seconds). */
    until_date: z.number().int().optional(),
    tag: z.string().optional(),
  }),
  z.object({
    status: z.literal("restricted"),
    user: telegramUserSchema,
    /** Whether the restricted user is still in the chat. */
    is_member: z.boolean(),
    can_send_messages: right,
    /** Unix seconds; 0 = forever. */
    until_date: z.number().int(),
    tag: z.string().optional(),
  }),
  z.object({ status: z.literal("left"), user: telegramUserSchema }),
  z.object({
    status: z.literal("kicked"),
    user: telegramUserSchema,
    /** Unix seconds; 0 = forever. */
    until_date: z.number().int(),
  }),
]);
export type TelegramChatMember = z.infer<typeof telegramChatMemberSchema>;
export type TelegramChatMemberStatus = TelegramChatMember["status"];

export const telegramChatSchema = z.object({
  id: z.number().int(),
  type: z.enum(["private", "group", "supergroup", "channel"]),
  title: z.string().optional(),
  username: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  description: z.string().optional(),
});
export type TelegramChat = z.infer<typeof telegramChatSchema>;

export const telegramEnvelopeSchema = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({
    ok: z.literal(false),
    error_code: z.number().int(),
    description: z.string(),
    parameters: z
      .object({ retry_after: z.number().optional(), migrate_to_chat_id: z.number().optional() })
      .optional(),
  }),
]);
