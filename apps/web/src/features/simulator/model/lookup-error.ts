/** Why a by-seed verification could not start; the page shows a translated message for each. */
export type LookupFailure = "seedNotFound" | "notDrawn" | "notParticipant";

export class SimulatorLookupError extends Error {
  override name = "SimulatorLookupError";

  constructor(
    readonly reason: LookupFailure,
    readonly details: {
      /** The server's own (translated) message, when it gave one. */
      serverMessage?: string;
      /** The X handle that was looked up. */
      username?: string;
    } = {},
  ) {
    super(details.serverMessage || reason);
  }
}
