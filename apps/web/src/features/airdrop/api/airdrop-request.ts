import { typeCodes } from "@dropfair/schemas/codes";
import type { Envelope } from "@dropfair/schemas/envelope";
import { apiRequest, type ContentSchema, type RequestOptions } from "../../../shared/api/client";
import { ApiError } from "../../../shared/api/errors";

/** An airdrop API answer with an error typeCode; the UI maps it to a catalogue message (model/error-messages). */
export class AirdropApiError extends ApiError {
  override name = "AirdropApiError";
  /** The server's text, already in the request's language: the fallback for codes without a catalogue entry. */
  readonly serverMessage: string;

  constructor(envelope: Envelope<unknown>) {
    super(envelope.message || `code${envelope.typeCode}`, { kind: "code", typeCode: envelope.typeCode });
    this.serverMessage = envelope.message;
  }
}

function raise(envelope: Envelope<unknown>): never {
  throw new AirdropApiError(envelope);
}

/** 403 answers the airdrop explains itself ('You Are Not The Creator'); any other 403 opens the beta dialog. */
const explainedForbiddenCodes = [typeCodes.airdropNotCreator, typeCodes.forbidden] as const;

type AirdropRequestOptions<T> = Omit<RequestOptions<T>, "base" | "onCode" | "onOtherCode">;

/** One airdrop API call under /api/bounty/airdrop: error typeCodes become AirdropApiError; 10 stays a 404. */
export function airdropRequest<T>(
  path: string,
  schema: ContentSchema<T>,
  options: AirdropRequestOptions<T> = {},
): Promise<T> {
  const onCode: Partial<Record<number, (envelope: Envelope<unknown>) => T>> = {};
  for (const code of explainedForbiddenCodes) onCode[code] = raise;
  return apiRequest(`/airdrop${path}`, schema, { ...options, base: "bounty", onCode, onOtherCode: raise });
}

/** The wire schemas load with the first airdrop request, not with the first route (see ContentSchema). */
export const airdropSchemas = () => import("@dropfair/schemas/airdrop");
