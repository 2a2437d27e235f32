import { messageLimitParams } from "@dropfair/core/messages";
import { typeCodes } from "@dropfair/schemas/envelope";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
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

/** The one place errors become the envelope. Internals of a 5xx are logged, never sent. */
export function installErrorHandler(app: FastifyInstance, supportHandle: string) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.warn({ err: error, cause: error.cause }, "upstream failure");
      return send(request, reply, error.statusCode, error.typeCode, error.messageKey, error.params);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A schema may carry a catalogue key as its message (SPEC §5 texts); otherwise report the field.
      const first = error.validation[0];
      const key = first?.message && hasMessage(first.message) ? first.message : undefined;
      if (key) return send(request, reply, 400, typeCodes.badRequest, key, messageLimitParams[key]);
      const field =
        first?.instancePath?.replace(/^\//, "").replaceAll("/", ".") || error.validationContext || "request";
      return send(request, reply, 400, typeCodes.badRequest, "errors.badRequest", {
        details: `${field}: ${first?.message ?? "invalid"}`,
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
