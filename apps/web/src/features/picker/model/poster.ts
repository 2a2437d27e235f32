/** The custom poster: the types and the 1 MB limit the API accepts (the project logo's limit). */
export const posterMaxBytes = 1024 * 1024;
export const posterAccept = "image/png,image/jpeg,image/webp";
const posterTypes = new Set(posterAccept.split(","));

/** The catalogue key of the reason a file cannot be a poster, or undefined when it can. */
export function posterFileProblem(file: { type: string; size: number }): string | undefined {
  if (!posterTypes.has(file.type)) return "poster.invalidType";
  if (file.size > posterMaxBytes) return "poster.tooLarge";
  return undefined;
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(file);
  });
}
