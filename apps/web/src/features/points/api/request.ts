import type { Envelope } from "@dropfair/schemas/envelope";
import { apiRequest, type ContentSchema, type RequestOptions } from "../../../shared/api/client";
import { ApiError } from "../../../shared/api/errors";

export const wire = () => import("./wire-schemas");

/** A refusal of a points call: the server's message, already in the request's language. */
export class PointsApiError extends ApiError {
  override name = "PointsApiError";
}

function raise(envelope: Envelope<unknown>, status: number): never {
  throw new PointsApiError(envelope.message || `code${envelope.typeCode}`, {
    kind: "code",
    status,
    typeCode: envelope.typeCode,
    details: envelope.message,
  });
}

/** A call under /api/bounty/points whose error codes carry the server's text for the page to show. */
export function pointsRequest<T>(
  path: string,
  schema: ContentSchema<T>,
  options: Omit<RequestOptions<T>, "base" | "onOtherCode"> = {},
): Promise<T> {
  return apiRequest(`/points${path}`, schema, { ...options, base: "bounty", onOtherCode: raise });
}

/** Every points query: what a grant invalidates. */
export const pointsQueryKey = ["points"] as const;
