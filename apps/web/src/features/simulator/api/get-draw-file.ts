import { typeCodes } from "@dropfair/schemas/codes";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../shared/api/client";
import { SimulatorLookupError } from "../model/lookup-error";

/**
 * The published draw of GET /picker/:idOrSeed/draw-file. Only the fields the API adds are checked here; the
 * draw file itself is validated by the fairness module's `parseDrawFile` inside the verifier worker, so its
 * (possibly large) entry list is walked once, off the main thread.
 */
const publishedDrawSchema = z
  .object({
    seed: z.string(),
    chainId: z.number().int(),
    /** The draw's number in the public history (absent from servers before it was published). */
    drawCount: z.number().int().optional(),
    publishedWinners: z.array(z.string()),
  })
  .loose();

export type PublishedDraw = z.infer<typeof publishedDrawSchema>;

export function getDrawFile(idOrSeed: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest<PublishedDraw>(`/picker/${encodeURIComponent(idOrSeed)}/draw-file`, publishedDrawSchema, {
    ...(signal ? { signal } : {}),
    onCode: {
      // The picker exists but has no finished draw yet.
      [typeCodes.pickerWrongState]: (envelope) => {
        throw new SimulatorLookupError("notDrawn", { serverMessage: envelope.message });
      },
      [typeCodes.pickerSeedNotFound]: (envelope) => {
        throw new SimulatorLookupError("seedNotFound", { serverMessage: envelope.message });
      },
    },
  });
}

export function drawFileQueryOptions(idOrSeed: string) {
  return queryOptions({
    queryKey: ["simulator", "draw-file", idOrSeed],
    queryFn: ({ signal }) => getDrawFile(idOrSeed, { signal }),
    // A redraw publishes a new file: refetch when the page is used again after a while.
    staleTime: 60_000,
    retry: false,
  });
}
