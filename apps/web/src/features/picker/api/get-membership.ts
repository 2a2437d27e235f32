import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { pickerKeys } from "./picker-keys";
import { pickerRequest, pickerSchemas } from "./request";

export type MembershipStatus = z.infer<Awaited<ReturnType<typeof pickerSchemas>>["membershipStatusSchema"]>;

export function getMembership(signal?: AbortSignal): Promise<MembershipStatus> {
  return pickerRequest("/membership", () => pickerSchemas().then((module) => module.membershipStatusSchema), {
    ...(signal ? { signal } : {}),
  });
}

/** The signed-in X account's plan: it sets the reply-lookup winner limit on the create form. */
export function membershipQueryOptions(viewer: string | undefined) {
  return queryOptions({
    queryKey: [...pickerKeys.all, "membership", viewer ?? "anonymous"] as const,
    queryFn: ({ signal }) => getMembership(signal),
  });
}

export function useMembership(viewer: string | undefined) {
  return useQuery({ ...membershipQueryOptions(viewer), enabled: viewer !== undefined });
}
