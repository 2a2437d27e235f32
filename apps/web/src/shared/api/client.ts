import { typeCodes } from "@dropfair/schemas/codes";
import type { Envelope } from "@dropfair/schemas/envelope";
import type { z } from "zod";
import { apiEvents } from "./api-events";
import { ApiError, NotFoundError } from "./errors";

/** Every request gives up after 30 seconds. */
export const requestTimeoutMs = 30_000;

/**
 * A zod schema for `content`, or a loader of one. Loaders keep zod and the wire schemas out of the first
 * route's JavaScript: they load in parallel with the first request.
 */
export type ContentSchema<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

/** The two API bases: `/api/reg` (wallet sign-in) and `/api/bounty` (everything else). */
export type ApiBase = "reg" | "bounty";

type ClientContext = {
  /** Accept-Language value for the current UI language. */
  acceptLanguage: () => string;
  /** The wallet sign-in token, when logged in. */
  userToken: () => string | undefined;
  /**
   * The X sign-in token: sent as `X-Twitter-Token` on every call, and as the bearer of the bounty API when
   * there is no user token.
   */
  twitterToken: () => string | undefined;
  /** Translated texts for failures the client itself reports. */
  message: (key: "api.timeout" | "api.network" | "api.service" | "api.token") => string;
};

let context: ClientContext = {
  acceptLanguage: () => "en-us",
  userToken: () => undefined,
  twitterToken: () => undefined,
  message: (key) => key,
};

/** Wire the client to the session and language once, at start-up. */
export function configureApiClient(next: Partial<ClientContext>) {
  context = { ...context, ...next };
}

/** Answers an error typeCode; `status` is the HTTP status it came with. */
type CodeHandler<T> = (envelope: Envelope<unknown>, status: number) => T;

export type RequestOptions<T> = {
  base?: ApiBase;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** A body sent as it is (a pasted participant list) instead of JSON; wins over `body`. */
  rawBody?: { data: BodyInit; contentType: string };
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /**
   * Per-typeCode handlers for the envelope's error codes: their result is returned instead of an error; a
   * handled 403 skips the beta dialog.
   */
  onCode?: Partial<Record<number, CodeHandler<T>>>;
  /** Called for an error typeCode that has no handler in `onCode`. */
  onOtherCode?: CodeHandler<T>;
  /** Skip the session's bearer and X token headers (e.g. the sign-in calls). */
  anonymous?: boolean;
  /** Extra headers; an explicit Authorization wins over the session's. */
  headers?: Record<string, string>;
  timeoutMs?: number;
};

export function apiUrl(base: ApiBase, path: string, query?: RequestOptions<unknown>["query"]) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const suffix = search.size > 0 ? `?${search}` : "";
  return `/api/${base}${path}${suffix}`;
}

function bearerFor(base: ApiBase, anonymous: boolean | undefined) {
  if (anonymous) return undefined;
  const token = context.userToken() ?? (base === "bounty" ? context.twitterToken() : undefined);
  return token ? `Bearer ${token}` : undefined;
}

/** The session's credentials a request carries: the wallet bearer and the X token (header or bearer fallback). */
function credentialsFor(base: ApiBase, anonymous: boolean | undefined) {
  if (anonymous) return { authorization: undefined, walletToken: undefined, xToken: undefined };
  return {
    authorization: bearerFor(base, anonymous),
    walletToken: context.userToken(),
    xToken: context.twitterToken(),
  };
}

async function send(url: string, init: RequestInit, signal: AbortSignal | undefined, timeoutMs: number) {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    return await fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (error) {
    if (timeout.aborted) {
      apiEvents.emit("sessionExpired", { reason: "timeout" });
      throw new ApiError(context.message("api.timeout"), { kind: "global", cause: error });
    }
    if (signal?.aborted) throw error;
    throw new ApiError(context.message("api.network"), { kind: "network", cause: error });
  }
}

/**
 * One API call: sends the bearer and language headers, unwraps the envelope and parses `content` with `schema`.
 * typeCode 1 returns the content; 10 throws NotFoundError; other codes go to `onCode`, then `onOtherCode`,
 * otherwise throw `code{N}: {message}`.
 */
export async function apiRequest<T>(
  path: string,
  schema: ContentSchema<T>,
  options: RequestOptions<T> = {},
): Promise<T> {
  const base = options.base ?? "bounty";
  const { authorization, walletToken, xToken } = credentialsFor(base, options.anonymous);
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Language": context.acceptLanguage(),
  };
  if (authorization) headers.Authorization = authorization;
  if (xToken) headers["X-Twitter-Token"] = xToken;
  if (options.rawBody) headers["Content-Type"] = options.rawBody.contentType;
  else if (options.body !== undefined) headers["Content-Type"] = "application/json";
  Object.assign(headers, options.headers);

  const schemaReady = typeof schema === "function" ? schema() : Promise.resolve(schema);
  schemaReady.catch(() => {});
  const response = await send(
    apiUrl(base, path, options.query),
    {
      method: options.method ?? "GET",
      headers,
      body: options.rawBody
        ? options.rawBody.data
        : options.body === undefined
          ? null
          : JSON.stringify(options.body),
      credentials: "same-origin",
    },
    options.signal,
    options.timeoutMs ?? requestTimeoutMs,
  );

  const envelope = await readEnvelope(response);

  if (response.status === 401 && (walletToken || xToken)) {
    // The session ended. "Sign in with X first" with an X token sent, or a 401 to a request that
    // carried only the X token, ends the X sign-in alone; any other 401 ends the wallet session as well.
    const xOnly = envelope?.typeCode === typeCodes.xSignInRequired || !walletToken;
    if (!xOnly || xToken) {
      apiEvents.emit("sessionExpired", { reason: "unauthorized", ...(xOnly ? { scope: "x" as const } : {}) });
      throw new ApiError(context.message("api.token"), { kind: "global", status: 401 });
    }
  }
  if (response.status === 403) {
    // A caller that handles this typeCode (e.g. "You are not owner") answers it; any other 403 asks for beta access.
    const forbiddenHandler = envelope ? options.onCode?.[envelope.typeCode] : undefined;
    if (envelope && forbiddenHandler) return forbiddenHandler(envelope, response.status);
    apiEvents.emit("forbidden", { path });
    throw new ApiError(envelope?.message || response.statusText, {
      kind: "forbidden",
      status: 403,
      ...(envelope ? { typeCode: envelope.typeCode } : {}),
    });
  }
  if (!envelope) {
    throw new ApiError(context.message("api.service"), { kind: "service", status: response.status });
  }

  if (envelope.typeCode === typeCodes.success) {
    const parsed = (await schemaReady).safeParse(envelope.content);
    if (!parsed.success) {
      throw new ApiError(context.message("api.service"), {
        kind: "service",
        status: response.status,
        cause: parsed.error,
      });
    }
    return parsed.data;
  }
  const handler = options.onCode?.[envelope.typeCode];
  if (handler) return handler(envelope, response.status);
  if (envelope.typeCode === typeCodes.notFound) throw new NotFoundError(envelope.message, response.status);
  if (options.onOtherCode) return options.onOtherCode(envelope, response.status);
  throw new ApiError(`code${envelope.typeCode}: ${envelope.message}`, {
    kind: response.status >= 500 ? "service" : "code",
    status: response.status,
    typeCode: envelope.typeCode,
  });
}

/** The envelope's frame `{content, typeCode, message}`; `content` is then parsed by the endpoint's schema. */
export function asEnvelope(value: unknown): Envelope<unknown> | undefined {
  if (typeof value !== "object" || value === null || !("content" in value)) return undefined;
  const { content, typeCode, message } = value as Record<string, unknown>;
  if (typeof typeCode !== "number" || !Number.isInteger(typeCode)) return undefined;
  return { content, typeCode, message: typeof message === "string" ? message : "" };
}

async function readEnvelope(response: Response): Promise<Envelope<unknown> | undefined> {
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("json")) return undefined;
  try {
    return asEnvelope(await response.json());
  } catch {
    return undefined;
  }
}

/** The download helper names the file from the content-disposition header. */
export function filenameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ""));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const value = plain?.[2] ?? plain?.[1];
  return value ? value.trim() : undefined;
}

/** Downloads a file from the API and returns it with the server-chosen name. */
export async function apiDownload(
  path: string,
  options: { base?: ApiBase; fallbackName: string; signal?: AbortSignal },
) {
  const base = options.base ?? "bounty";
  const { authorization, xToken } = credentialsFor(base, false);
  const response = await send(
    apiUrl(base, path),
    {
      headers: {
        "Accept-Language": context.acceptLanguage(),
        ...(authorization ? { Authorization: authorization } : {}),
        ...(xToken ? { "X-Twitter-Token": xToken } : {}),
      },
      credentials: "same-origin",
    },
    options.signal,
    requestTimeoutMs,
  );
  if (!response.ok) {
    throw new ApiError(context.message("api.service"), { kind: "service", status: response.status });
  }
  const filename =
    filenameFromContentDisposition(response.headers.get("content-disposition")) ?? options.fallbackName;
  return { blob: await response.blob(), filename };
}
