import type { Envelope } from "@dropfair/schemas/envelope";
import { apiRequest, type ContentSchema, type RequestOptions } from "../../../shared/api/client";
import { ApiError } from "../../../shared/api/errors";

export const wire = () => import("./wire-schemas");

/** A refusal of a referral call: its typeCode and the server's message, already in the request's language. */
export class ReferralApiError extends ApiError {
  override name = "ReferralApiError";
}

function raise(envelope: Envelope<unknown>, status: number): never {
  throw new ReferralApiError(envelope.message || `code${envelope.typeCode}`, {
    kind: "code",
    status,
    typeCode: envelope.typeCode,
    details: envelope.message,
  });
}

/** A call under /api/bounty/referral whose error codes carry the server's text for the page to show. */
export function referralRequest<T>(
  path: string,
  schema: ContentSchema<T>,
  options: Omit<RequestOptions<T>, "base" | "onOtherCode"> = {},
): Promise<T> {
  return apiRequest(`/referral${path}`, schema, { ...options, base: "bounty", onOtherCode: raise });
}

/** Every referral query: what a code change invalidates. */
export const referralQueryKey = ["referral"] as const;
