// Measures the JavaScript the first route loads: the entry chunk plus its static imports (what index.html
// loads before anything runs), and, separately, the lazy page chunk of the index route with its own imports.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dist = join(import.meta.dirname, "..", "dist");
const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

function measure(keys) {
  let raw = 0;
  let gzip = 0;
  const files = [];
  for (const key of keys) {
    const file = manifest[key].file;
    const bytes = readFileSync(join(dist, file));
    raw += bytes.length;
    const gz = gzipSync(bytes, { level: 9 }).length;
    gzip += gz;
    files.push({ file, gzipKb: +(gz / 1024).toFixed(1) });
  }
  return { rawKb: +(raw / 1024).toFixed(1), gzipKb: +(gzip / 1024).toFixed(1), files };
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entry = closure([entryKey]);
const indexPage = Object.keys(manifest).find((key) => key.endsWith("routes/picker-index-page.tsx"));
const pageOnly = [...closure([indexPage])].filter((key) => !entry.has(key));

const first = measure(entry);
const page = measure(pageOnly);
console.log(
  JSON.stringify(
    {
      entryWithStaticImports: first,
      indexRoutePage: page,
      totalGzipKb: +(first.gzipKb + page.gzipKb).toFixed(1),
    },
    null,
    2,
  ),
);
const budgetKb = 180;
if (first.gzipKb + page.gzipKb > budgetKb) {
  console.error(`over budget: ${first.gzipKb + page.gzipKb} KB > ${budgetKb} KB`);
  process.exitCode = 1;
}
