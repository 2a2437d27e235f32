// Uploaded SVG images made safe to serve: DOMPurify (on a jsdom window) keeps the SVG drawing elements and drops
// scripts, event handlers, foreignObject, style sheets and animations; every link that leaves the document
// (href, xlink:href, url(...) in attributes) is removed, only `#fragment` references stay. What comes out must
// parse as one <svg> document, or the upload is refused.
import createDOMPurify from "dompurify";
import { JSDOM } from "jsdom";

const svgNamespace = "http://www.w3.org/2000/svg";
const { window } = new JSDOM("");
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);

/** A url(...) that does not point into the document itself. */
const externalUrl = /url\s*\(\s*(?!['"]?\s*#)/i;

purify.addHook("afterSanitizeAttributes", (node) => {
  for (const attribute of [...node.attributes]) {
    const name = attribute.name.toLowerCase();
    const value = attribute.value.trim();
    if (name === "href" || name === "xlink:href") {
      node.removeAttribute(attribute.name);
      // In-document references (a gradient, a <use> of a symbol) stay, as SVG 2's plain href.
      if (value.startsWith("#")) node.setAttribute("href", value);
    } else if (externalUrl.test(value) || name === "style") {
      node.removeAttribute(attribute.name);
    }
  }
});

const forbiddenTags = [
  "foreignObject",
  "style",
  "script",
  "image",
  "feImage",
  "animate",
  "animateMotion",
  "animateTransform",
  "set",
  "a",
];

/** A document prolog some editors write: the XML declaration, comments and a DOCTYPE without internal subset. */
const prolog = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE svg[^[>]*>)\s*)*/i;

/** The SVG made safe, or null when it is not one SVG document (or declares entities). */
export function sanitizeSvg(text: string): string | null {
  if (/<!ENTITY|<!DOCTYPE[^>]*\[/i.test(text)) return null;
  const body = text.replace(prolog, "");
  if (!/^<svg[\s>]/i.test(body)) return null;
  const fragment = purify.sanitize(body, {
    USE_PROFILES: { svg: true, svgFilters: true },
    // <use> of a symbol of the same drawing: its links are held to `#fragment` above.
    ADD_TAGS: ["use"],
    FORBID_TAGS: forbiddenTags,
    FORBID_ATTR: ["style"],
    RETURN_DOM_FRAGMENT: true,
  });
  const roots = [...fragment.children];
  const root = roots[0];
  if (roots.length !== 1 || !root || root.localName !== "svg" || root.namespaceURI !== svgNamespace)
    return null;
  // Written as XML (an <img> reads the file as an XML document), then read back to be sure it is one.
  const written = new window.XMLSerializer().serializeToString(root);
  const parsed = new window.DOMParser().parseFromString(written, "image/svg+xml");
  if (parsed.getElementsByTagName("parsererror").length > 0) return null;
  return written;
}
