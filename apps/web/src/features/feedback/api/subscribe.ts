import type { SubscribeBody } from "@dropfair/schemas/feedback";
import { useMutation } from "@tanstack/react-query";
import { feedbackRequest, wire } from "./request";

/** `POST /api/bounty/feedback/subscriptions`: subscribe an address to the newsletter. */
export function subscribe(body: SubscribeBody) {
  return feedbackRequest("/subscriptions", () => wire().then((schemas) => schemas.subscribedSchema), {
    method: "POST",
    body,
  });
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
