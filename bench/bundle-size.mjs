// The JavaScript the first route loads: the entry chunk and everything it imports statically
// (modulepreload links in index.html), gzipped. Target: ≤ 180 KB.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export function firstRouteJavaScript(dist = join(import.meta.dirname, "../apps/web/dist")) {
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const files = new Set();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(match[1]);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g))
    files.add(match[1]);
  const chunks = [...files].map((file) => {
    const source = readFileSync(join(dist, file.replace(/^\//, "")));
    return { file, bytes: source.length, gzip: gzipSync(source, { level: 9 }).length };
  });
  return { chunks, gzipTotal: chunks.reduce((sum, chunk) => sum + chunk.gzip, 0) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(firstRouteJavaScript());
}
