import { z } from "zod";
import { hexSignatureSchema } from "./address.ts";
import { socialProviders } from "./codes.ts";

export { socialProviders, xSessionTokenPrefix } from "./codes.ts";

export const projectNameSchema = z.string().trim().min(1).max(64);

export const signMessageParamsSchema = z.object({
  project: projectNameSchema,
  address: z.string().max(64),
});

export const signMessageQuerySchema = z.object({
  chainId: z.coerce.number().int().positive().optional(),
});

export const loginBodySchema = z
  .object({
    signature: hexSignatureSchema,
    /**
     * The referral parent code. Anything that is not a user code (4-16 of [a-z0-9_-], no reserved word) is
     * ignored by the server, never refused: the sign-in goes on without a parent.
     */
    parent: z.string().max(4096).nullable().optional().catch(undefined),
  })
  .strip();

export const loginResultSchema = z.object({
  project: z.string(),
  token: z.string(),
  /** Unix seconds. */
  expireAt: z.number().int(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const loginStatusSchema = z.object({
  /** EIP-55 checksummed. */
  address: z.string(),
  project: z.string(),
  twitter: z.boolean(),
  discord: z.boolean(),
  telegram: z.boolean(),
});
export type LoginStatus = z.infer<typeof loginStatusSchema>;

export const twitterInfoSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  avatar: z.string(),
});

export const discordInfoSchema = z.object({
  id: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
});

export const telegramInfoSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  avatar: z.string().nullable(),
});

export const loginStatusDetailSchema = z.object({
  twitter: twitterInfoSchema.nullable(),
  discord: discordInfoSchema.nullable(),
  telegram: telegramInfoSchema.nullable(),
});
export type LoginStatusDetail = z.infer<typeof loginStatusDetailSchema>;

/**
 * The X account signed in on this browser ("Twitter info": its name and avatar), or null. `id` and `username`
 * come along so the web app can name the account without a second call.
 */
export const twitterBriefSchema = z
  .object({ id: z.string(), username: z.string(), name: z.string(), avatar: z.string() })
  .nullable();
export type TwitterBrief = z.infer<typeof twitterBriefSchema>;

// ── Sign in with X (OAuth 2.0 + PKCE, read-only) ───────────────────────────────────────────────────────

/**
 * Where the browser goes after signing in with X: a path on this site ("/cn/picker2?x=1"), never another
 * origin ("//evil.example", "https://…", "/\\evil") and no control characters.
 */
export const returnToSchema = z
  .string()
  .max(2048, "errors.xReturnToInvalid")
  .refine(
    (value) =>
      value.startsWith("/") &&
      !value.startsWith("//") &&
      !value.includes("\\") &&
      // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
      !/[\u0000-\u001f\u007f]/.test(value),
    "errors.xReturnToInvalid",
  );

export const xAuthorizeBodySchema = z.object({ returnTo: returnToSchema.default("/") }).strip();

export const xAuthorizeResultSchema = z.object({
  /** The X consent page to send the browser to. */
  url: z.string(),
});

export const xCallbackBodySchema = z
  .object({
    state: z.string("errors.xSignInStateInvalid").min(1, "errors.xSignInStateInvalid").max(500),
    code: z.string("errors.xSignInRejected").min(1, "errors.xSignInRejected").max(2000),
  })
  .strip();

export const xAccountSchema = z.object({
  /** X's numeric user id, as a string. */
  id: z.string(),
  username: z.string(),
  name: z.string(),
  /** Profile image URL, or "" when X has none. */
  avatar: z.string(),
});
export type XAccount = z.infer<typeof xAccountSchema>;

export const xSignInResultSchema = z.object({
  project: z.string(),
  /** `xs_…`: send it as `X-Twitter-Token` (or as the bearer on the bounty API when no wallet is signed in). */
  token: z.string(),
  /** Unix seconds. */
  expireAt: z.number().int(),
  account: xAccountSchema,
  returnTo: z.string(),
});
export type XSignInResult = z.infer<typeof xSignInResultSchema>;

// ── Discord and Telegram accounts bound to the signed-in wallet ────────────────────────────────────────

export const socialAuthorizeResultSchema = z.object({
  /** Where to send the browser: Discord's authorize page or the Telegram login page. */
  url: z.string(),
});

const linkState = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/);

export const discordCallbackBodySchema = z
  .object({ code: z.string().min(1).max(500), state: linkState })
  .strict();

export const telegramCallbackBodySchema = z
  .object({
    state: linkState,
    /** The login widget's fields exactly as they came back (id, first_name, …, auth_date, hash). */
    fields: z.record(z.string().regex(/^[a-z_]{1,32}$/), z.string().max(1000)),
  })
  .strict();

export const socialLinkSchema = z.object({
  provider: z.enum(socialProviders),
  id: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type SocialLinkInfo = z.infer<typeof socialLinkSchema>;
