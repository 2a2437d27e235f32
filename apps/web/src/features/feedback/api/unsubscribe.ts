import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { feedbackRequest, wire } from "./request";

const stateSchema = () => wire().then((schemas) => schemas.subscriptionStateSchema);

/** `GET …/subscriptions/unsubscribe?token=`: the masked address a link names, and whether it is subscribed. */
export function getSubscriptionState(token: string, signal?: AbortSignal) {
  return feedbackRequest("/subscriptions/unsubscribe", stateSchema, {
    query: { token },
    ...(signal ? { signal } : {}),
  });
}

export function subscriptionStateQueryOptions(token: string) {
  return queryOptions({
    queryKey: ["feedback", "subscription", token] as const,
    queryFn: ({ signal }) => getSubscriptionState(token, signal),
    retry: false,
  });
}

export function useSubscriptionState(token: string) {
  return useQuery({ ...subscriptionStateQueryOptions(token), enabled: token !== "" });
}

/** `POST …/subscriptions/unsubscribe?token=`: end the subscription the link names. */
export function unsubscribe(token: string) {
  return feedbackRequest("/subscriptions/unsubscribe", stateSchema, { method: "POST", query: { token } });
}

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unsubscribe(token),
    onSuccess: (state) => queryClient.setQueryData(subscriptionStateQueryOptions(token).queryKey, state),
  });
}
