import type { Envelope } from "@dropfair/schemas/envelope";
import { apiRequest, type ContentSchema, type RequestOptions } from "../../../shared/api/client";
import { ApiError } from "../../../shared/api/errors";

/** A refused payment or membership call; `message` is the server's text in the request's language. */
export class PaymentApiError extends ApiError {
  override name = "PaymentApiError";

  constructor(envelope: Envelope<unknown>) {
    super(envelope.message || `code${envelope.typeCode}`, { kind: "code", typeCode: envelope.typeCode });
  }
}

/**
 * A picker API call for payments. Error codes carry the server's message ("This transaction has already been
 * used.") so the dialog can show it as it is, with the transaction kept for another try.
 */
export function paymentRequest<T>(
  path: string,
  schema: ContentSchema<T>,
  options: Omit<RequestOptions<T>, "base" | "onOtherCode"> = {},
): Promise<T> {
  return apiRequest(`/picker${path}`, schema, {
    ...options,
    base: "bounty",
    onOtherCode: (envelope) => {
      throw new PaymentApiError(envelope);
    },
  });
}
