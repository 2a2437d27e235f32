import type { ParticipantReport } from "@dropfair/schemas/airdrop";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { airdropRequest, airdropSchemas } from "./airdrop-request";
import { invalidateAirdrop } from "./invalidate-airdrop";

/** Lists of a million lines take a while to check and store: more than the default 30 s is allowed. */
const uploadTimeoutMs = 180_000;

/** PUT the pasted or uploaded list as it is (one id per line, optional `,weight`); it replaces the list. */
export function uploadParticipants(id: number, text: string): Promise<ParticipantReport> {
  return airdropRequest(
    `/${id}/participants`,
    () => airdropSchemas().then((module) => module.participantReportSchema),
    {
      method: "PUT",
      rawBody: { data: text, contentType: "text/plain; charset=utf-8" },
      timeoutMs: uploadTimeoutMs,
    },
  );
}

export function useUploadParticipants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ airdropId, text }: { airdropId: number; text: string }) =>
      uploadParticipants(airdropId, text),
    onSuccess: (_report, { airdropId }) => invalidateAirdrop(queryClient, airdropId),
  });
}
