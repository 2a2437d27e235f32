import { QueryClient } from "@tanstack/react-query";
import { ApiError, isNotFoundError } from "./errors";

function isRetryable(error: unknown) {
  if (!(error instanceof ApiError)) return false;
  return error.kind === "network" || (error.kind === "service" && (error.status ?? 500) >= 500);
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 2 && isRetryable(error),
        // typeCode 10 renders the route's 404 page.
        throwOnError: (error) => isNotFoundError(error),
      },
      mutations: { retry: false },
    },
  });
}
