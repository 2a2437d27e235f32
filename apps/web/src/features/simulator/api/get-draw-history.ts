import type { PublishedDraw } from "@dropfair/core/fairness";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../shared/api/client";

/**
 * GET /picker/:idOrSeed/history: every draw as published when it was committed. Only what the verifier
 * compares with the draw file is checked here (the commitment, the target block, the moment of commitment).
 */
const publishedDrawSchema = z
  .object({
    count: z.number().int(),
    kind: z.string(),
    commitment: z.string(),
    entryCount: z.number().int(),
    winnerCount: z.number().int(),
    targetBlock: z.string(),
    blockHash: z.string().nullable(),
    committedAt: z.string().nullable().optional(),
    headAtCommit: z.string().nullable().optional(),
  })
  .loose();

const historySchema = z.array(publishedDrawSchema);

export function getDrawHistory(idOrSeed: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest<PublishedDraw[]>(
    `/picker/${encodeURIComponent(idOrSeed)}/history`,
    historySchema,
    signal ? { signal } : {},
  );
}

export function drawHistoryQueryOptions(idOrSeed: string) {
  return queryOptions({
    queryKey: ["simulator", "draw-history", idOrSeed],
    queryFn: ({ signal }) => getDrawHistory(idOrSeed, { signal }),
    // Fetched with the draw file: a redraw adds a draw to both.
    staleTime: 60_000,
    retry: false,
  });
}
