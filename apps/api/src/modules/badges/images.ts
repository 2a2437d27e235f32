// Badge images an administrator uploads: a PNG, JPEG or WebP whose bytes are what it declares, or an SVG, which is
// sanitised (scripts, event handlers, foreignObject and every outside reference removed) and stored as cleaned.
import { posterMaxBytes } from "@dropfair/schemas/picker";
import { decodeImageDataUrl, type ImageProblem } from "../../platform/images.ts";
import { sanitizeSvg } from "../../platform/svg.ts";

export type BadgeImageContentType = "image/png" | "image/jpeg" | "image/webp" | "image/svg+xml";

const svgDataUrl = /^data:image\/svg\+xml;base64,([A-Za-z0-9+/]+={0,2})$/;

/** The image to store for an uploaded data URL (at most 1 MB before cleaning), or why it is refused. */
export function decodeBadgeImage(
  dataUrl: string,
): { contentType: BadgeImageContentType; bytes: Buffer } | { problem: ImageProblem } {
  const svg = svgDataUrl.exec(dataUrl);
  if (!svg) return decodeImageDataUrl(dataUrl);
  const bytes = Buffer.from(svg[1]!, "base64");
  if (bytes.length > posterMaxBytes) return { problem: "tooLarge" };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { problem: "invalid" };
  }
  const clean = sanitizeSvg(text);
  if (clean === null) return { problem: "invalid" };
  return { contentType: "image/svg+xml", bytes: Buffer.from(clean, "utf8") };
}
