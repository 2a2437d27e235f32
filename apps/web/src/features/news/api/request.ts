import type { Envelope } from "@dropfair/schemas/envelope";
import { apiRequest, type ContentSchema, type RequestOptions } from "../../../shared/api/client";
import { ApiError } from "../../../shared/api/errors";

/** The wire schemas load with the first news request, not with the first route. */
export const newsSchemas = () => import("@dropfair/schemas/news");

function raise(envelope: Envelope<unknown>, status?: number): never {
  // The server's message is already in the request's language ('Links must start with http:// or https://.').
  throw new ApiError(envelope.message, {
    kind: "code",
    typeCode: envelope.typeCode,
    ...(status === undefined ? {} : { status }),
  });
}

/** One call under /api/bounty/news; an error typeCode becomes an ApiError carrying the server's message. */
export function newsRequest<T>(
  path: string,
  schema: ContentSchema<T>,
  options: Omit<RequestOptions<T>, "base" | "onOtherCode"> = {},
): Promise<T> {
  return apiRequest(`/news${path}`, schema, { ...options, base: "bounty", onOtherCode: raise });
}
