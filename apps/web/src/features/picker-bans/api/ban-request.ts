import type { Envelope } from "@dropfair/schemas/envelope";
import { typeCodes } from "@dropfair/schemas/envelope";
import { apiRequest, type ContentSchema, type RequestOptions } from "../../../shared/api/client";
import { ApiError } from "../../../shared/api/errors";

/** 'You are not owner' (SPEC §6): the ban list is changed by the picker's owner and helpers only. */
export class NotOwnerError extends ApiError {
  override name = "NotOwnerError";

  constructor(envelope: Envelope<unknown>) {
    super(envelope.message, { kind: "code", status: 403, typeCode: envelope.typeCode });
  }
}

export function isNotOwnerError(error: unknown): error is NotOwnerError {
  return error instanceof NotOwnerError;
}

/**
 * A picker API call whose 403 is the owner check, answered on the page rather than by the beta dialog. Other
 * error codes carry the server's message, already in the request's language.
 */
export function banRequest<T>(
  path: string,
  schema: ContentSchema<T>,
  options: Omit<RequestOptions<T>, "base" | "onCode" | "onOtherCode"> = {},
): Promise<T> {
  const notOwner = (envelope: Envelope<unknown>): never => {
    throw new NotOwnerError(envelope);
  };
  return apiRequest(`/picker${path}`, schema, {
    ...options,
    base: "bounty",
    onCode: { [typeCodes.forbidden]: notOwner, [typeCodes.pickerNotOwner]: notOwner },
    onOtherCode: (envelope) => {
      throw new ApiError(envelope.message || `code${envelope.typeCode}`, {
        kind: "code",
        typeCode: envelope.typeCode,
      });
    },
  });
}
