import type { Envelope } from "@dropfair/schemas/envelope";
import { apiRequest, type ContentSchema, type RequestOptions } from "../../../shared/api/client";
import { ApiError } from "../../../shared/api/errors";

/** The wire schemas load with the first missions request, not with the first route. */
export const missionSchemas = () => import("@dropfair/schemas/missions");

export const missionsQueryKey = ["missions"] as const;

function raise(envelope: Envelope<unknown>, status?: number): never {
  // The server's message is already in the request's language ('You have not retweeted the post yet.').
  throw new ApiError(envelope.message, {
    kind: "code",
    typeCode: envelope.typeCode,
    ...(status === undefined ? {} : { status }),
  });
}

/** One call under /api/bounty/missions; an error typeCode becomes an ApiError carrying the server's message. */
export function missionsRequest<T>(
  path: string,
  schema: ContentSchema<T>,
  options: Omit<RequestOptions<T>, "base" | "onOtherCode"> = {},
): Promise<T> {
  return apiRequest(`/missions${path}`, schema, { ...options, base: "bounty", onOtherCode: raise });
}
