import { useMutation } from "@tanstack/react-query";
import { doneSchema } from "./done-schema";
import { useInvalidatePicker } from "./invalidate-picker";
import { pickerRequest } from "./request";

/** Uploads the picker's custom poster as a data URL (a perk of the annual membership). */
export function uploadPickerPoster(id: number, image: string): Promise<{ posterUrl: string }> {
  return pickerRequest(
    `/${id}/poster`,
    () => import("zod").then(({ z }) => z.object({ posterUrl: z.string() })),
    { method: "PUT", body: { image } },
  );
}

export function removePickerPoster(id: number): Promise<{ done: true }> {
  return pickerRequest(`/${id}/poster`, doneSchema, { method: "DELETE" });
}

export function useUploadPickerPoster(id: number) {
  const invalidate = useInvalidatePicker(id);
  return useMutation({ mutationFn: (image: string) => uploadPickerPoster(id, image), onSuccess: invalidate });
}

export function useRemovePickerPoster(id: number) {
  const invalidate = useInvalidatePicker(id);
  return useMutation({ mutationFn: () => removePickerPoster(id), onSuccess: invalidate });
}
