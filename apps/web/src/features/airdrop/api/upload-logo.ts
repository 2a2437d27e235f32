import { useMutation, useQueryClient } from "@tanstack/react-query";
import { anySchema } from "./any-schema";
import { invalidateAirdrop } from "./invalidate-airdrop";
import { airdropRequest } from "./request";

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("the file could not be read"));
    reader.readAsDataURL(file);
  });
}

/** PUT /:id/logo: the custom token's logo as a data URL (PNG, JPEG or WebP, at most 1M). */
export async function uploadLogo(id: number, file: Blob): Promise<unknown> {
  return airdropRequest(`/${id}/logo`, anySchema, {
    method: "PUT",
    body: { image: await readAsDataUrl(file) },
  });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ airdropId, file }: { airdropId: number; file: Blob }) => uploadLogo(airdropId, file),
    onSuccess: (_result, { airdropId }) => invalidateAirdrop(queryClient, airdropId),
  });
}
