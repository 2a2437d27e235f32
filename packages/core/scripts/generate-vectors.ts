/**
 * Builds the published test vectors, packages/core/fairness-vectors.json, so any other implementation of
 * dropfair-fair-v1 can check itself against ours. Deterministic: same code, same file.
 *
 *   node --import tsx packages/core/scripts/generate-vectors.ts          (writes the file)
 *   node --import tsx packages/core/scripts/generate-vectors.ts --check  (exit 1 when it is stale)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Hex, keccak256, stringToBytes } from "viem";
import { displayScore } from "../src/fairness/display.ts";
import { fairnessAlgorithm } from "../src/fairness/draw-file.ts";
import { entryHash, entryListCommitment } from "../src/fairness/hashing.ts";
import { canonicalEntries } from "../src/fairness/ids.ts";
import { drawWinners } from "../src/fairness/rank.ts";
import { score } from "../src/fairness/score.ts";
import { simulationBlockHashes } from "../src/fairness/simulation.ts";

export const vectorsPath = fileURLToPath(new URL("../fairness-vectors.json", import.meta.url));

interface CaseDefinition {
  name: string;
  note: string;
  postId: string;
  blockNumber: string;
  winnerCount: number;
  userIds: string[];
}

/** Synthetic block hashes, reproducible by anyone: keccak256(utf8("dropfair-fair-v1 test vector: " + name)). */
function vectorBlockHash(name: string): Hex {
  return keccak256(stringToBytes(`${fairnessAlgorithm} test vector: ${name}`));
}

/** X-like 19-digit ids from a fixed linear congruential sequence (only to have realistic, stable ids). */
function xLikeIds(count: number, seed: bigint): string[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
    return (1_000_000_000_000_000_000n + (state % 8_000_000_000_000_000_000n)).toString();
  });
}

const cases: CaseDefinition[] = [
  {
    name: "tiny",
    note: "Three entrants, one winner.",
    postId: "1790000000000000001",
    blockNumber: "21000000",
    winnerCount: 1,
    userIds: ["44196397", "783214", "1502345678901234567"],
  },
  {
    name: "single-entrant",
    note: "One entrant is the winner whatever the score.",
    postId: "1790000000000000002",
    blockNumber: "21000001",
    winnerCount: 1,
    userIds: ["2244994945"],
  },
  {
    name: "twenty",
    note: "Twenty X-like 19-digit ids, three winners, the other seventeen are substitutes in rank order.",
    postId: "1790000000000000003",
    blockNumber: "21000002",
    winnerCount: 3,
    userIds: xLikeIds(20, 20n),
  },
  {
    name: "odd-ids",
    note:
      'Ids are opaque strings: leading zeros make different ids ("7", "07", "007"), a prefix sorts first ' +
      '("12" < "123"), order is lexicographic not numeric ("10" < "9"), and a 200-digit id is as good as any.',
    postId: "1790000000000000004",
    blockNumber: "21000003",
    winnerCount: 2,
    userIds: [
      "9",
      "10",
      "100",
      "7",
      "07",
      "007",
      "12",
      "123",
      "0",
      "18446744073709551616",
      "9".repeat(200),
      "1234567890".repeat(20),
    ],
  },
  {
    name: "more-winners-than-entrants",
    note: "winnerCount 5 with four entrants: everyone wins, no substitutes.",
    postId: "1790000000000000005",
    blockNumber: "21000004",
    winnerCount: 5,
    userIds: xLikeIds(4, 5n),
  },
  {
    name: "hundred",
    note: "A hundred X-like ids, ten winners.",
    postId: "1790000000000000006",
    blockNumber: "21000005",
    winnerCount: 10,
    userIds: xLikeIds(100, 100n),
  },
];

export function buildFairnessVectors() {
  return {
    algorithm: fairnessAlgorithm,
    description:
      "Test vectors of the Dropfair picker draw (specified in docs/fairness.md). Block hashes are " +
      `synthetic, not Ethereum blocks: keccak256(utf8("${fairnessAlgorithm} test vector: " + case name)). ` +
      "A case's algorithm, postId, blockNumber, blockHash, winnerCount, entries[].userId and commitment " +
      "form a valid draw file.",
    definitions: {
      userIdOrder:
        "Canonical order of user ids: ascending by Unicode code point, which is the byte-wise order of their UTF-8 " +
        'encoding (LC_ALL=C sort). Lexicographic, not numeric: "10" < "9"; a prefix sorts first: "12" < "123". ' +
        "Ids are non-empty strings of at most 256 UTF-16 code units without control characters (U+0000-U+001F, " +
        'U+007F) or lone surrogates; post ids also exclude ":".',
      canonicalEntries: "The entry list with duplicates removed, in userIdOrder.",
      commitment:
        'keccak256(utf8(canonicalEntries joined with "\\n")), no trailing newline; the empty list hashes the ' +
        "empty string.",
      entryHash: 'keccak256(utf8(postId + ":" + userId)).',
      score:
        "The last 8 bytes, read as an unsigned 64-bit big-endian integer, of keccak256(entryHash XOR blockHash), " +
        "both taken as 32 bytes. Written here as a decimal string; compare as a 64-bit unsigned integer, never a " +
        "double.",
      ranking:
        "Entries by score, highest first; equal scores (odds 2^-64 per pair, none occur in these vectors) by " +
        "userIdOrder ascending. Rank 1 is the top.",
      winners: "The first min(winnerCount, entries) of the ranking; substitutes are the rest, in rank order.",
      displayScore:
        "score / (2^64 - 1) * 100 with exactly two decimals, rounded half up, computed in integers: " +
        "floor((score * 20000 + 2^64 - 1) / (2 * (2^64 - 1))) hundredths.",
      simulationBlockHashes:
        "The simulator's other block hashes: hash i (i = 0, 1, ...) is keccak256(blockHash ++ i as a 32-byte " +
        "big-endian integer), i.e. Solidity keccak256(abi.encodePacked(bytes32 blockHash, uint256 i)).",
    },
    cases: cases.map(({ name, note, postId, blockNumber, winnerCount, userIds }) => {
      const blockHash = vectorBlockHash(name);
      const entries = canonicalEntries(userIds);
      const draw = drawWinners({ postId, blockHash, userIds: entries, winnerCount });
      return {
        name,
        note,
        postId,
        blockNumber,
        blockHash,
        winnerCount,
        commitment: entryListCommitment(entries),
        entries: entries.map((userId) => {
          const hash = entryHash(postId, userId);
          const value = score(hash, blockHash);
          return { userId, entryHash: hash, score: value.toString(), displayScore: displayScore(value) };
        }),
        ranking: draw.ranking.map((entry) => entry.userId),
        winners: draw.winners.map((entry) => entry.userId),
        substitutes: draw.substitutes.map((entry) => entry.userId),
      };
    }),
    simulation: (() => {
      const blockHash = vectorBlockHash("tiny");
      return { blockHash, count: 3, blockHashes: simulationBlockHashes(blockHash, 3) };
    })(),
    displayScores: [0n, 1n, 92_233_720_368_547_758n, 1n << 63n, (1n << 64n) - 2n, (1n << 64n) - 1n].map(
      (value) => ({ score: value.toString(), displayScore: displayScore(value) }),
    ),
    emptyListCommitment: entryListCommitment([]),
  };
}

export function serializeFairnessVectors(): string {
  return `${JSON.stringify(buildFairnessVectors(), null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = serializeFairnessVectors();
  if (process.argv.includes("--check")) {
    const current = readFileSync(vectorsPath, "utf8");
    if (current !== text) {
      console.error(`${vectorsPath} is stale: run this script without --check`);
      process.exit(1);
    }
    console.log(`${vectorsPath} is up to date`);
  } else {
    writeFileSync(vectorsPath, text);
    console.log(`wrote ${vectorsPath}`);
  }
}
