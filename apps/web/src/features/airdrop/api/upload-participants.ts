import type { ParticipantImport, ParticipantReport } from "@dropfair/schemas/airdrop";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { airdropKeys } from "./airdrop-keys";
import { invalidateAirdrop } from "./invalidate-airdrop";
import { airdropRequest, airdropSchemas } from "./request";

/** The upload itself only carries the text (up to 64 MB); long lists are checked by a background job. */
const uploadTimeoutMs = 180_000;

/**
 * What the API answers: the report of a list stored at once (200, up to 20,000 lines), or the background import
 * of a longer one (202), followed with {@link useParticipantImport}.
 */
export type ParticipantUpload =
  | { kind: "stored"; report: ParticipantReport }
  | { kind: "import"; import: ParticipantImport };

/** PUT the pasted or uploaded list as it is (one id per line, optional `,weight`); it replaces the list. */
export async function uploadParticipants(id: number, text: string): Promise<ParticipantUpload> {
  const content = await airdropRequest(
    `/${id}/participants`,
    () =>
      airdropSchemas().then((module) => module.participantImportSchema.or(module.participantReportSchema)),
    {
      method: "PUT",
      rawBody: { data: text, contentType: "text/plain; charset=utf-8" },
      timeoutMs: uploadTimeoutMs,
    },
  );
  return "state" in content ? { kind: "import", import: content } : { kind: "stored", report: content };
}

export function useUploadParticipants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ airdropId, text }: { airdropId: number; text: string }) =>
      uploadParticipants(airdropId, text),
    onSuccess: async (upload, { airdropId }) => {
      // The import just started shows at once; the invalidation then reads its progress from the server.
      if (upload.kind === "import")
        queryClient.setQueryData(airdropKeys.participantImport(airdropId), upload.import);
      await invalidateAirdrop(queryClient, airdropId);
    },
  });
}
