import type { Envelope } from "@dropfair/schemas/envelope";
import { apiRequest, type ContentSchema, type RequestOptions } from "../../../shared/api/client";
import { ApiError } from "../../../shared/api/errors";

export const wire = () => import("./wire-schemas");

/** A refusal of a feedback call: the server's message, already in the request's language. */
export class FeedbackApiError extends ApiError {
  override name = "FeedbackApiError";
}

function raise(envelope: Envelope<unknown>, status: number): never {
  throw new FeedbackApiError(envelope.message || `code${envelope.typeCode}`, {
    kind: "code",
    status,
    typeCode: envelope.typeCode,
    details: envelope.message,
  });
}

/** A call under /api/bounty/feedback whose error codes carry the server's text for the form to show. */
export function feedbackRequest<T>(
  path: string,
  schema: ContentSchema<T>,
  options: Omit<RequestOptions<T>, "base" | "onOtherCode"> = {},
): Promise<T> {
  return apiRequest(`/feedback${path}`, schema, { ...options, base: "bounty", onOtherCode: raise });
}
