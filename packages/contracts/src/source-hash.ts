// What the committed artifacts are compiled from, and one hash of it: the Solidity sources, the solc and
// OpenZeppelin versions and the compiler settings. compile.ts writes the hash into src/generated/artifacts.ts; the
// test fixture (testing.ts) recomputes it, so tests never run against bytecode older than the sources.
// Cheap on purpose: it reads files and package manifests but never loads solc.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";

const require = createRequire(import.meta.url);
const packageRoot = resolve(import.meta.dirname, "..");
const sourcesDir = join(packageRoot, "contracts");

export const compilerSettings = {
  evmVersion: "cancun",
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
} as const;

export type SoliditySources = Record<string, { content: string }>;

/** contracts/*.sol keyed as solc sees them (`contracts/Name.sol`), in name order. */
export function readSources(): SoliditySources {
  const files = readdirSync(sourcesDir)
    .filter((file) => file.endsWith(".sol"))
    .sort();
  if (files.length === 0) throw new Error(`no Solidity sources in ${sourcesDir}`);
  return Object.fromEntries(
    files.map((file) => [`contracts/${file}`, { content: readFileSync(join(sourcesDir, file), "utf8") }]),
  );
}

export function packageVersion(name: string): string {
  return (require(`${name}/package.json`) as { version: string }).version;
}

/** Everything the bytecode depends on; imported OpenZeppelin files are pinned by the package version. */
export function sourceHash(sources: SoliditySources = readSources()): string {
  const inputs = {
    solc: packageVersion("solc"),
    openzeppelin: packageVersion("@openzeppelin/contracts"),
    settings: compilerSettings,
    sources,
  };
  return createHash("sha256").update(JSON.stringify(inputs)).digest("hex");
}
