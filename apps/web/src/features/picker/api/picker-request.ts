import { typeCodes } from "@dropfair/schemas/codes";
import type { Envelope } from "@dropfair/schemas/envelope";
import { apiRequest, type ContentSchema, type RequestOptions } from "../../../shared/api/client";
import { ApiError } from "../../../shared/api/errors";

/** A picker API answer with an error typeCode; the UI maps it to a catalogue message (model/error-messages). */
export class PickerApiError extends ApiError {
  override name = "PickerApiError";
  /** The server's text, already in the request's language: the fallback for codes without a catalogue entry. */
  readonly serverMessage: string;

  constructor(envelope: Envelope<unknown>, status: number | undefined) {
    super(envelope.message || `code${envelope.typeCode}`, {
      kind: "code",
      typeCode: envelope.typeCode,
      ...(status === undefined ? {} : { status }),
    });
    this.serverMessage = envelope.message;
  }
}

export function isPickerApiError(error: unknown): error is PickerApiError {
  return error instanceof PickerApiError;
}

/**
 * 403 answers the picker explains itself ('You are not owner', 'sign in with the correct account'); any other
 * 403, the beta whitelist (183) included, goes to the shell's beta-access dialog.
 */
const ownerForbiddenCodes = [typeCodes.forbidden, typeCodes.pickerNotOwner] as const;

function raise(envelope: Envelope<unknown>): never {
  throw new PickerApiError(envelope, undefined);
}

type PickerRequestOptions<T> = Omit<RequestOptions<T>, "base" | "onCode" | "onOtherCode">;

/** One picker API call under /api/bounty/picker: error typeCodes become PickerApiError; 10 stays a 404. */
export function pickerRequest<T>(
  path: string,
  schema: ContentSchema<T>,
  options: PickerRequestOptions<T> = {},
): Promise<T> {
  const onCode: Partial<Record<number, (envelope: Envelope<unknown>) => T>> = {};
  for (const code of ownerForbiddenCodes) onCode[code] = raise;
  return apiRequest(`/picker${path}`, schema, {
    ...options,
    base: "bounty",
    onCode,
    onOtherCode: raise,
  });
}

/** The wire schemas load with the first picker request, not with the first route (see ContentSchema). */
export const pickerSchemas = () => import("@dropfair/schemas/picker");
