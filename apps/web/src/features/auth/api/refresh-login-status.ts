import type { QueryClient } from "@tanstack/react-query";

/** Every query of the auth feature (LoginStatus, LoginStatusDetail) starts with this key. */
export const authQueryKey = ["auth"] as const;

/**
 * Refetches the login status after something bound to the session changed (a Discord or Telegram account bound
 * or unbound). A fetch that started before the change is cancelled first: React Query would otherwise join a
 * first fetch still under way and keep its out-of-date answer as fresh, which is what a return page that loads
 * the status while it finishes the binding would get.
 */
export async function refreshLoginStatus(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: authQueryKey });
  await queryClient.invalidateQueries({ queryKey: authQueryKey });
}
