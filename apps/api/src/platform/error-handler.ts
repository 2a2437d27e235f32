import type { Socket } from "node:net";
import { messageLimitParams } from "@dropfair/core/messages";
import { typeCodes } from "@dropfair/schemas/envelope";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "./errors.ts";
import { hasMessage, languageFromHeader, translate } from "./i18n.ts";

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  typeCode: number,
  key: string,
  params = {},
) {
  const language = languageFromHeader(request.headers["accept-language"]);
  return reply.status(status).send({ content: null, typeCode, message: translate(language, key, params) });
}

const chineseZodErrors = z.locales.zhCN().localeError;

/** Zod's text for a validation issue, in Chinese for a Chinese caller (zod's own catalogue). */
function validationDetail(
  issue: { keyword: string; message?: string; params: Record<string, unknown> },
  language: string,
): string {
  if (language !== "cn") return issue.message ?? "invalid";
  const localised = chineseZodErrors({ ...issue.params, code: issue.keyword, input: undefined } as never);
  const text = typeof localised === "string" ? localised : localised?.message;
  return text ?? issue.message ?? "invalid";
}

/** Whether the request carried a wallet or X token at all (valid or not). */
function carriesCredentials(request: FastifyRequest): boolean {
  return Boolean(request.headers.authorization || request.headers["x-twitter-token"]);
}

/** The one place errors become the envelope. Internals of a 5xx are logged, never sent. */
export function installErrorHandler(app: FastifyInstance, supportHandle: string) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.warn({ err: error, cause: error.cause }, "upstream failure");
      // "Your token is expired" is for a caller whose token stopped working; one who sent none is asked to sign in.
      const key =
        error.messageKey === "errors.unauthorized" && !carriesCredentials(request)
          ? "errors.signInRequired"
          : error.messageKey;
      return send(request, reply, error.statusCode, error.typeCode, key, error.params);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A schema may carry a catalogue key as its message (the validation texts of packages/core); otherwise
      // report the field, with zod's own text in the caller's language.
      const first = error.validation[0];
      const field =
        first?.instancePath?.replace(/^\//, "").replaceAll("/", ".") || error.validationContext || "request";
      const key = first?.message && hasMessage(first.message) ? first.message : undefined;
      if (key)
        return send(request, reply, 400, typeCodes.badRequest, key, { field, ...messageLimitParams[key] });
      const language = languageFromHeader(request.headers["accept-language"]);
      const details = first ? validationDetail(first, language) : "invalid";
      return send(request, reply, 400, typeCodes.badRequest, "errors.badRequest", {
        details: `${field}: ${details}`,
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return send(request, reply, 429, typeCodes.tooManyRequests, "errors.tooManyRequests");
    if (status === 413) return send(request, reply, 413, typeCodes.badRequest, "errors.payloadTooLarge");
    if (status >= 400 && status < 500) {
      return send(request, reply, status, typeCodes.badRequest, "errors.badRequest", {
        details: error.message,
      });
    }
    request.log.error({ err: error }, "unhandled error");
    return send(request, reply, 500, typeCodes.internal, "errors.internal", { handle: supportHandle });
  });

  app.setNotFoundHandler((request, reply) =>
    send(request, reply, 404, typeCodes.notFound, "errors.routeNotFound", {
      method: request.method,
      path: request.url.split("?")[0],
    }),
  );
}

/**
 * Errors the framework raises before any route runs (a malformed URL such as `%zz`): answered with the envelope
 * like every other refusal. Passed to Fastify as `frameworkErrors`.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return send(request, reply, 400, typeCodes.badRequest, "errors.badRequest", { details: error.message });
}

/**
 * Requests Node's HTTP parser refuses (an oversized URL or header block, a broken request line) never reach
 * Fastify; the socket is answered with the envelope and closed. Passed to Fastify as `clientErrorHandler`.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) return socket.destroy();
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({
    content: null,
    typeCode: typeCodes.badRequest,
    message: tooLarge
      ? translate("en", "errors.headersTooLarge")
      : translate("en", "errors.badRequest", { details: "malformed request" }),
  });
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? "Request Header Fields Too Large" : "Bad Request"}\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `connection: close\r\n\r\n${body}`,
  );
}
