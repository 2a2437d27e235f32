// Small uploaded images (picker posters, airdrop token logos): a base64 data URL of a PNG, JPEG or WebP whose
// bytes really are what it declares.
import { type PosterContentType, posterDataUrlPattern, posterMaxBytes } from "@dropfair/schemas/picker";

export type ImageContentType = PosterContentType;

/** The magic bytes each accepted image type starts with. */
function matchesType(bytes: Buffer, contentType: ImageContentType): boolean {
  switch (contentType) {
    case "image/png":
      return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case "image/jpeg":
      return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case "image/webp":
      return (
        bytes.length > 12 &&
        bytes.subarray(0, 4).toString("latin1") === "RIFF" &&
        bytes.subarray(8, 12).toString("latin1") === "WEBP"
      );
  }
}

export type ImageProblem = "invalid" | "tooLarge";

/** Decodes an image data URL (at most 1 MB); the type it declares must match the bytes it carries. */
export function decodeImageDataUrl(
  image: string,
): { contentType: ImageContentType; bytes: Buffer } | { problem: ImageProblem } {
  const match = posterDataUrlPattern.exec(image);
  if (!match) return { problem: "invalid" };
  const contentType = `image/${match[1]}` as ImageContentType;
  const bytes = Buffer.from(match[2]!, "base64");
  if (bytes.length > posterMaxBytes) return { problem: "tooLarge" };
  if (!matchesType(bytes, contentType)) return { problem: "invalid" };
  return { contentType, bytes };
}
