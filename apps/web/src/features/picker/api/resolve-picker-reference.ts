import type { z } from "zod";
import { pickerRequest, pickerSchemas } from "./request";

export type ResolvedReference = z.infer<Awaited<ReturnType<typeof pickerSchemas>>["resolveResultSchema"]>;

/** Quick creation: a picker URL, seed or id, or a post URL or id → what it points at. */
export function resolvePickerReference(input: string): Promise<ResolvedReference> {
  return pickerRequest("/resolve", () => pickerSchemas().then((module) => module.resolveResultSchema), {
    query: { q: input.trim() },
  });
}
