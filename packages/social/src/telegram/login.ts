// The Telegram Login Widget check: the fields the widget sends are signed with HMAC-SHA256 under
// SHA-256(bot token), over their data-check-string (every field but hash, sorted, as key=value lines).
// Checked before anything in them is trusted, in constant time.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

export type TelegramLoginUser = {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  /** Unix seconds, when the user logged in. */
  auth_date: number;
};

export type TelegramLoginFailure =
  /** id, first_name, auth_date or hash is absent or empty, or a field came twice. */
  | "missing-fields"
  /** The hash does not match: tampered fields, another bot's token, or no widget at all. */
  | "bad-hash"
  /** Signed, but id or auth_date is not a positive integer. */
  | "malformed"
  /** auth_date is older than maxAgeSeconds. */
  | "too-old"
  /** auth_date is ahead of `now` by more than the allowed clock skew. */
  | "from-the-future";

export type TelegramLoginResult =
  | { ok: true; user: TelegramLoginUser }
  | { ok: false; reason: TelegramLoginFailure };

export type VerifyTelegramLoginOptions = {
  /** The current time, as a Date or ms since the epoch (default: Date.now()). */
  now?: Date | number;
  /** How old a login may be (default 3,600 s: a giveaway wants a short window). */
  maxAgeSeconds?: number;
  /** How far ahead of `now` auth_date may be, for clock skew (default 60 s). */
  clockSkewSeconds?: number;
};

/** The widget's fields: a query string's values, or the object the JS callback receives. */
export type TelegramLoginFields =
  | URLSearchParams
  | Readonly<Record<string, string | number | readonly string[] | undefined>>;

const required = ["id", "first_name", "auth_date", "hash"] as const;

/** Every received field as a string, or undefined when one came more than once (ambiguous: refused). */
function normalise(fields: TelegramLoginFields): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  if (fields instanceof URLSearchParams) {
    for (const key of new Set(fields.keys())) {
      const values = fields.getAll(key);
      if (values.length !== 1) return undefined;
      out[key] = values[0] as string;
    }
    return out;
  }
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === "object") return undefined;
    out[key] = String(value);
  }
  return out;
}

/** "key=value" lines of every field but `hash`, sorted by key, joined by "\n". */
export function telegramDataCheckString(fields: Readonly<Record<string, string>>): string {
  return Object.keys(fields)
    .filter((key) => key !== "hash")
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join("\n");
}

/** hex(HMAC-SHA256(key = SHA256(bot_token), data_check_string)): what `hash` must be. */
export function telegramLoginHash(fields: Readonly<Record<string, string>>, botToken: string): string {
  const secret = createHash("sha256").update(botToken).digest();
  return createHmac("sha256", secret).update(telegramDataCheckString(fields)).digest("hex");
}

/**
 * Checks the widget's fields against the bot token: every received field except `hash` takes part, exactly as
 * received, so pass only the widget's fields (keep your own `state` out of them, e.g. in the callback path).
 */
export function verifyTelegramLogin(
  fields: TelegramLoginFields,
  botToken: string,
  options: VerifyTelegramLoginOptions = {},
): TelegramLoginResult {
  const received = normalise(fields);
  if (!received || required.some((key) => !received[key])) return { ok: false, reason: "missing-fields" };

  const expected = Buffer.from(telegramLoginHash(received, botToken), "hex");
  const given = /^[0-9a-f]{64}$/i.test(received.hash as string)
    ? Buffer.from(received.hash as string, "hex")
    : undefined;
  if (!given || !timingSafeEqual(expected, given)) return { ok: false, reason: "bad-hash" };

  const id = Number(received.id);
  const authDate = Number(received.auth_date);
  if (!/^[0-9]+$/.test(received.id as string) || !Number.isSafeInteger(id) || id <= 0) {
    return { ok: false, reason: "malformed" };
  }
  if (!/^[0-9]+$/.test(received.auth_date as string) || !Number.isSafeInteger(authDate)) {
    return { ok: false, reason: "malformed" };
  }

  const nowMs =
    options.now === undefined
      ? Date.now()
      : typeof options.now === "number"
        ? options.now
        : options.now.getTime();
  const nowSeconds = Math.floor(nowMs / 1000);
  if (authDate > nowSeconds + (options.clockSkewSeconds ?? 60))
    return { ok: false, reason: "from-the-future" };
  if (nowSeconds - authDate > (options.maxAgeSeconds ?? 3600)) return { ok: false, reason: "too-old" };

  const user: TelegramLoginUser = { id, first_name: received.first_name as string, auth_date: authDate };
  if (received.last_name !== undefined) user.last_name = received.last_name;
  if (received.username !== undefined) user.username = received.username;
  if (received.photo_url !== undefined) user.photo_url = received.photo_url;
  return { ok: true, user };
}

export type TelegramLoginUrlInput = {
  /** https://oauth.telegram.org, or a sandbox's mount (its page is at `${loginBase}/auth`). */
  loginBase: string;
  /** The bot's id: the digits before the colon of its token (see telegramBotIdOf). */
  botId: number | string;
  /** The site's origin, which must be the bot's /setdomain domain. */
  origin: string;
  /** Where the browser comes back with the fields in the query. */
  returnTo: string;
  /** Ask for permission to message the user. */
  requestAccess?: "write";
};

/** The login page's URL, with oauth.telegram.org's parameters (the widget's redirect mode without the script). */
export function buildTelegramLoginUrl(input: TelegramLoginUrlInput): string {
  const params = new URLSearchParams({
    bot_id: String(input.botId),
    origin: input.origin,
    return_to: input.returnTo,
  });
  if (input.requestAccess) params.set("request_access", input.requestAccess);
  return `${input.loginBase.replace(/\/+$/, "")}/auth?${params.toString()}`;
}

/** A bot's user id, from its token "<id>:<secret>". */
export function telegramBotIdOf(botToken: string): number {
  const id = Number(botToken.split(":")[0]);
  if (!Number.isSafeInteger(id) || id <= 0)
    throw new TypeError("a bot token starts with the bot's numeric id");
  return id;
}
