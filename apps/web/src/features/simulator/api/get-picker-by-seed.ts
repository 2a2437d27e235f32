import { typeCodes } from "@dropfair/schemas/codes";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../shared/api/client";
import { SimulatorLookupError } from "../model/lookup-error";

// The answer of GET /picker/seed/:seed (declared inline in the API's picker routes).
const pickerReferenceSchema = z.object({ id: z.number().int(), seed: z.string() });

export type PickerReference = z.infer<typeof pickerReferenceSchema>;

/** `GET /api/bounty/picker/seed/:seed`: the picker's id for its seed. */
export function getPickerBySeed(seed: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest<PickerReference>(`/picker/seed/${encodeURIComponent(seed)}`, pickerReferenceSchema, {
    ...(signal ? { signal } : {}),
    onCode: {
      [typeCodes.notFound]: (envelope) => {
        throw new SimulatorLookupError("seedNotFound", { serverMessage: envelope.message });
      },
      [typeCodes.pickerSeedNotFound]: (envelope) => {
        throw new SimulatorLookupError("seedNotFound", { serverMessage: envelope.message });
      },
    },
  });
}

export function pickerBySeedQueryOptions(seed: string) {
  return queryOptions({
    queryKey: ["simulator", "picker-by-seed", seed],
    queryFn: ({ signal }) => getPickerBySeed(seed, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
