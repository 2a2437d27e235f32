import type { z } from "zod";

/** `{done: true}`: the answer of the picker's step endpoints. */
export const doneSchema = (): Promise<z.ZodType<{ done: true }>> =>
  import("zod").then(({ z }) => z.object({ done: z.literal(true) }));
