// Airdrop Merkle tree speed (wallet-list campaigns): building the StandardMerkleTree of 1,000,000 claims
// (index, account, amount) and every proof, with `buildClaimsTree` (packages/core/src/airdrop/merkle.ts)
// against OpenZeppelin's own `StandardMerkleTree.of` (target: ours at least 10× faster), same root asserted.
// OpenZeppelin needs minutes for a million claims and most of a millisecond per `getProof` (it re-hashes the
// leaf and re-verifies the proof each time), so its proofs are timed on an evenly spread sample and scaled up.
// Run: `node bench/airdrop-merkle.mjs [claims] [proofSample]` (it loads TypeScript through tsx).
import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import { tsImport } from "tsx/esm/api";

const load = (path) => tsImport(path, import.meta.url);

function median(values) {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Runs `work` once to warm up, then `runs` times; returns the median and best wall time in ms. */
function time(work, runs) {
  work();
  const times = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  return { median: median(times), best: Math.min(...times), runs };
}

/** Deterministic claims: indexes 0 … count − 1, pseudo-random lower-case accounts and amounts up to ~10^27. */
export function benchClaims(count) {
  let state = 0x9e3779b9;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  const word = () => next().toString(16).padStart(8, "0");
  return Array.from({ length: count }, (_, index) => ({
    index: BigInt(index),
    account: `0x${word()}${word()}${word()}${word()}${word()}`,
    amount: BigInt(next()) * BigInt(next()) * 1_000_000_000_000_000n + BigInt(next()),
  }));
}

export async function airdropMerkleBenchmark({
  claims: count = 1_000_000,
  runs = 3,
  proofSample = 2_000,
} = {}) {
  const { buildClaimsTree } = await load("../packages/core/src/airdrop/index.ts");
  const claims = benchClaims(count);

  let tree;
  const build = time(() => {
    tree = buildClaimsTree(claims);
  }, runs);
  let proofBytesTotal = 0;
  const proofBytes = time(() => {
    proofBytesTotal = 0;
    for (let position = 0; position < count; position++) proofBytesTotal += tree.proofBytes(position).length;
  }, runs);
  const proofHex = time(() => {
    for (let position = 0; position < count; position++) tree.proof(position);
  }, 1);

  // OpenZeppelin, once: a million claims take minutes.
  const values = claims.map(({ index, account, amount }) => [index, account, amount]);
  let start = performance.now();
  const oz = StandardMerkleTree.of(values, ["uint256", "address", "uint256"]);
  const ozBuild = performance.now() - start;
  if (oz.root !== tree.root) throw new Error(`roots differ: OpenZeppelin ${oz.root}, ours ${tree.root}`);
  const stride = Math.max(1, Math.floor(count / proofSample));
  const sampled = [];
  for (let position = 0; position < count && sampled.length < proofSample; position += stride) {
    sampled.push(position);
  }
  const ozProofs = [];
  start = performance.now();
  for (const position of sampled) ozProofs.push(oz.getProof(position));
  const ozSampleMs = performance.now() - start;
  sampled.forEach((position, sample) => {
    if (tree.proof(position).join() !== ozProofs[sample].join()) {
      throw new Error(`proofs of claim ${position} differ`);
    }
  });
  const ozProofsEstimate = (ozSampleMs * count) / sampled.length;

  const ours = build.median + proofBytes.median;
  const theirs = ozBuild + ozProofsEstimate;
  return {
    claims: count,
    root: tree.root,
    build,
    proofBytes,
    proofBytesTotal,
    proofHex,
    ozBuild,
    ozSample: { count: sampled.length, stride, ms: ozSampleMs },
    ozProofsEstimate,
    speedUp: theirs / ours,
    buildSpeedUp: ozBuild / build.median,
  };
}

/** The RESULTS.md section, in the style of the others. */
export function airdropMerkleSection(result, { date, machine }) {
  const ms = (value) => `${Math.round(value).toLocaleString("en-US")} ms`;
  const count = result.claims.toLocaleString("en-US");
  return `## Airdrop Merkle tree (\`node bench/airdrop-merkle.mjs\`; target: ours ≥ 10× faster than OpenZeppelin)

Run on ${date}; machine: ${machine}.
The OpenZeppelin \`StandardMerkleTree\` of ${count} claims \`(uint256 index, address account, uint256 amount)\` (deterministic pseudo-random accounts and amounts) and every claim's proof, with \`buildClaimsTree\` (WebAssembly Keccak in batches, one node buffer) and with \`@openzeppelin/merkle-tree\` itself; same root asserted (\`${result.root}\`), and the sampled proofs equal. Ours: median of ${result.build.runs} runs after a warm-up. OpenZeppelin: one run; \`getProof\` re-hashes the leaf and re-verifies the proof each time, so it was timed on ${result.ozSample.count.toLocaleString("en-US")} claims (every ${result.ozSample.stride.toLocaleString("en-US")}th) and scaled to ${count}.

| what | ours | OpenZeppelin |
|---|---|---|
| build the tree | ${ms(result.build.median)} | ${ms(result.ozBuild)} |
| every proof | ${ms(result.proofBytes.median)} (\`proofBytes\`, ${(result.proofBytesTotal / 2 ** 20).toFixed(0)} MB); ${ms(result.proofHex.median)} as hex (\`proof\`) | ≈ ${ms(result.ozProofsEstimate)} (${ms(result.ozSample.ms)} for ${result.ozSample.count.toLocaleString("en-US")}) |
| **build + every proof** | **${ms(result.build.median + result.proofBytes.median)}** | **≈ ${ms(result.ozBuild + result.ozProofsEstimate)}** |
| **speed-up** | **${result.speedUp.toFixed(0)}×** ${result.speedUp >= 10 ? "✓" : "✗ under target"} (build alone ${result.buildSpeedUp.toFixed(0)}×) | |
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { cpus, totalmem } = await import("node:os");
  const claims = Number(process.argv[2] ?? 1_000_000);
  const proofSample = Number(process.argv[3] ?? 2_000);
  const result = await airdropMerkleBenchmark({ claims, proofSample });
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  console.log(airdropMerkleSection(result, { date: new Date().toISOString().slice(0, 10), machine }));
}
