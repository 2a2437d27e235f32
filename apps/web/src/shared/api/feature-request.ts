import type { Envelope } from "@dropfair/schemas/envelope";
import { apiRequest, type ContentSchema, type RequestOptions } from "./client";
import { ApiError } from "./errors";

/** The features whose API calls go through `createFeatureRequest`. */
export type ApiFeature =
  | "picker"
  | "picker-bans"
  | "picker-payments"
  | "airdrop"
  | "badges"
  | "wheel"
  | "tips";

/**
 * A feature's API call answered with an error typeCode. `details` is the server's text, already in the
 * request's language: the feature maps the code to a catalogue message and falls back to it.
 */
export class ApiCodeError extends ApiError {
  override name = "ApiCodeError";
  override readonly typeCode: number;
  readonly feature: ApiFeature;

  constructor(envelope: Envelope<unknown>, options: { feature: ApiFeature; status?: number | undefined }) {
    super(envelope.message || `code${envelope.typeCode}`, {
      kind: "code",
      typeCode: envelope.typeCode,
      details: envelope.message,
      ...(options.status === undefined ? {} : { status: options.status }),
    });
    this.typeCode = envelope.typeCode;
    this.feature = options.feature;
  }
}

/** An error typeCode from one of `feature`'s calls (any feature's when omitted). */
export function isApiCodeError(error: unknown, feature?: ApiFeature): error is ApiCodeError {
  return error instanceof ApiCodeError && (feature === undefined || error.feature === feature);
}

export type FeatureRequestOptions<T> = Omit<RequestOptions<T>, "base" | "onCode" | "onOtherCode">;

export type FeatureRequest = <T>(
  path: string,
  schema: ContentSchema<T>,
  options?: FeatureRequestOptions<T>,
) => Promise<T>;

/**
 * The request function of a feature's API under /api/bounty: every error typeCode becomes an ApiCodeError tagged
 * with the feature (10 stays a NotFoundError for the 404 page). A 403 with one of `explainedForbidden` is the
 * feature's to explain ('You are not owner'); any other 403 opens the shell's beta-access dialog.
 */
export function createFeatureRequest(config: {
  feature: ApiFeature;
  /** The path prefix of the feature's routes ("/picker"). */
  prefix: string;
  explainedForbidden?: readonly number[];
}): FeatureRequest {
  const raise = (envelope: Envelope<unknown>, status?: number): never => {
    throw new ApiCodeError(envelope, { feature: config.feature, status });
  };
  const onCode: Partial<Record<number, typeof raise>> = {};
  for (const code of config.explainedForbidden ?? []) onCode[code] = raise;
  return (path, schema, options = {}) =>
    apiRequest(`${config.prefix}${path}`, schema, { ...options, base: "bounty", onCode, onOtherCode: raise });
}
