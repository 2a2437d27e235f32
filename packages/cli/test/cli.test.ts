import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { entryListCommitment } from "@dropfair/core/fairness";
import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliEnvironment, defaultServer, exitCodes, main, usage } from "../src/main.ts";

interface VectorCase {
  name: string;
  postId: string;
  blockNumber: string;
  blockHash: string;
  winnerCount: number;
  commitment: string;
  entries: { userId: string; score: string; displayScore: string }[];
  ranking: string[];
  winners: string[];
}

const vectors = JSON.parse(
  readFileSync(fileURLToPath(new URL("../../core/fairness-vectors.json", import.meta.url)), "utf8"),
) as { algorithm: string; cases: VectorCase[] };
const vector = vectors.cases.find((candidate) => candidate.name === "twenty")!;
const drawFile = {
  algorithm: vectors.algorithm,
  postId: vector.postId,
  blockNumber: vector.blockNumber,
  blockHash: vector.blockHash,
  winnerCount: vector.winnerCount,
  entries: vector.entries.map((entry) => entry.userId),
  commitment: vector.commitment,
};
const expectedRanking = vector.ranking.map((userId) => ({
  userId,
  score: vector.entries.find((entry) => entry.userId === userId)!.score,
  winner: vector.winners.includes(userId),
}));

const directory = mkdtempSync(join(tmpdir(), "dropfair-cli-"));
function writeDrawFile(name: string, content: unknown): string {
  const path = join(directory, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  return path;
}
/** The moment of commitment a current draw file carries: the head two blocks below the target, and a time. */
const committedAt = "2025-06-01T12:00:00.250Z";
const committedAtSeconds = Math.floor(Date.parse(committedAt) / 1000);
const moment = { committedAt, headAtCommit: String(BigInt(vector.blockNumber) - 2n) };
const currentDrawFile = { ...drawFile, ...moment };
/** The draw as the picker's public history published it when it was committed. */
const publishedDraw = {
  count: 1,
  kind: "draw",
  reason: null,
  commitment: vector.commitment,
  entryCount: vector.entries.length,
  winnerCount: vector.winnerCount,
  chainId: 1,
  targetBlock: vector.blockNumber,
  ...moment,
  blockHash: vector.blockHash,
  status: "drawn",
  replacedXUserIds: null,
  createdAt: committedAt,
  drawnAt: "2025-06-01T12:01:00.000Z",
};
// An older draw file, from before the moment of commitment was published: it still verifies.
const goodFile = writeDrawFile("draw.json", drawFile);
const currentFile = writeDrawFile("current.json", currentDrawFile);
const tamperedFile = writeDrawFile("tampered.json", {
  ...drawFile,
  entries: [...drawFile.entries, "1000000000000000001"],
});

async function run(argv: string[], environment: Partial<CliEnvironment> = {}) {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    readFile: (path) => Promise.resolve(readFileSync(path, "utf8")),
    fetch: (input, init) => fetch(input, init),
    ...environment,
  });
  return { code, stdout, stderr };
}

describe("dropfair verify --file", () => {
  it("prints the exact JSON report and exits 0 for the published draw file", async () => {
    const { code, stdout, stderr } = await run(["verify", "--file", goodFile, "--json"]);
    expect(stderr).toBe("");
    expect(code).toBe(exitCodes.verified);
    expect(JSON.parse(stdout)).toEqual({ commitmentMatches: true, ranking: expectedRanking });
    expect(Object.keys(JSON.parse(stdout))).toEqual(["commitmentMatches", "ranking"]);
  });

  it("prints a table with rank, user id, score %, winner flag and the commitment status", async () => {
    const { code, stdout } = await run(["verify", "--file", goodFile]);
    expect(code).toBe(0);
    const lines = stdout.split("\n");
    expect(lines.find((line) => line.includes("user id"))).toMatch(/rank\s+user id\s+score %\s+winner/);
    const first = vector.entries.find((entry) => entry.userId === vector.ranking[0])!;
    expect(stdout).toMatch(
      new RegExp(`\\n\\s+1  ${first.userId}\\s+${first.displayScore.replace(".", "\\.")}  yes\\n`),
    );
    const last = vector.entries.find((entry) => entry.userId === vector.ranking.at(-1))!;
    expect(stdout).toMatch(
      new RegExp(`\\n\\s+20  ${last.userId}\\s+${last.displayScore.replace(".", "\\.")}\\n`),
    );
    expect(stdout).toContain(`commitment: matches (${vector.commitment})`);
  });

  it("exits 2 and says DOES NOT MATCH for a file whose entries changed after the commitment", async () => {
    const human = await run(["verify", "--file", tamperedFile]);
    expect(human.code).toBe(exitCodes.mismatch);
    expect(human.stdout).toContain("commitment: DOES NOT MATCH");
    const json = await run(["verify", "--file", tamperedFile, "--json"]);
    expect(json.code).toBe(exitCodes.mismatch);
    expect(JSON.parse(json.stdout).commitmentMatches).toBe(false);
  });

  it("checks that the target block is above the head read at commit, and says so", async () => {
    const { code, stdout } = await run(["verify", "--file", currentFile]);
    expect(code).toBe(exitCodes.verified);
    expect(stdout).toContain(
      `target block: after the commitment (block ${vector.blockNumber} > head ${moment.headAtCommit} at commit)`,
    );
    const json = await run(["verify", "--file", currentFile, "--json"]);
    expect(Object.keys(JSON.parse(json.stdout))).toEqual(["commitmentMatches", "targetAfterHead", "ranking"]);
    expect(JSON.parse(json.stdout).targetAfterHead).toBe(true);
  });

  it("exits 2 when the target block was not above the head at commit: it may have existed already", async () => {
    const early = writeDrawFile("early.json", { ...currentDrawFile, headAtCommit: vector.blockNumber });
    const { code, stdout } = await run(["verify", "--file", early]);
    expect(code).toBe(exitCodes.mismatch);
    expect(stdout).toContain(
      `target block: NOT AFTER the commitment (block ${vector.blockNumber}, but the head was ${vector.blockNumber} when the commitment was made`,
    );
    expect(JSON.parse((await run(["verify", "--file", early, "--json"])).stdout).targetAfterHead).toBe(false);
  });

  it("says an older file without the moment of commitment is not checked for it", async () => {
    const { code, stdout } = await run(["verify", "--file", goodFile]);
    expect(code).toBe(exitCodes.verified);
    expect(stdout).toContain("target block: not checked against the head at commit");
  });

  it("accepts entries in another order", async () => {
    const reordered = writeDrawFile("reordered.json", {
      ...drawFile,
      entries: [...drawFile.entries].reverse(),
    });
    const { code, stdout } = await run(["verify", "--file", reordered, "--json"]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).ranking).toEqual(expectedRanking);
  });

  it.each([
    ["a missing file", () => join(directory, "missing.json"), /cannot read .*missing\.json/],
    [
      "invalid JSON",
      () => writeDrawFile("broken.json", "{ not json"),
      /Invalid draw file: \(file\) is not valid JSON/,
    ],
    [
      "a malformed field",
      () => writeDrawFile("bad-hash.json", { ...drawFile, blockHash: "0x12" }),
      /Invalid draw file: blockHash must be 0x followed by 64 hex digits/,
    ],
    [
      "another algorithm",
      () => writeDrawFile("v0.json", { ...drawFile, algorithm: "v0" }),
      /algorithm must be "dropfair-fair-v1"/,
    ],
  ])("exits 1 with a clear message for %s", async (_, path, message) => {
    const { code, stdout, stderr } = await run(["verify", "--file", path()]);
    expect(code).toBe(exitCodes.badInput);
    expect(stdout).toBe("");
    expect(stderr).toMatch(message);
  });
});

// The picker API and the chain's JSON-RPC that `verify <seed>` and `verify --rpc` talk to: one local server for
// the two describes below, started before the file's tests and closed after them.
let server: Server;
let base: string;
const requests: string[] = [];
const answers = new Map<string, { status: number; body: unknown }>();
const rpcBlocks = new Map<string, { hash: string; timestamp: number }>();

/** Starts the server and fills its answers: draw files and histories by seed, and the target block by number. */
async function startServer() {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      requests.push(`${request.method} ${request.url}`);
      if (request.url === "/rpc") {
        const call = JSON.parse(body) as { id: number; params: [string, boolean] };
        const block = rpcBlocks.get(call.params[0]);
        const result = block ? { hash: block.hash, timestamp: `0x${block.timestamp.toString(16)}` } : null;
        response.setHeader("content-type", "application/json");
        response.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result }));
        return;
      }
      const answer = answers.get(request.url ?? "") ?? {
        status: 404,
        body: { content: null, typeCode: 10, message: "Not found" },
      };
      response.statusCode = answer.status;
      response.setHeader("content-type", "application/json");
      response.end(typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const envelope = (content: unknown) => ({
    status: 200,
    body: { content, typeCode: 1, message: "success" },
  });
  const served = { ...currentDrawFile, seed: "SEED1", chainId: 1, drawCount: 1 };
  answers.set(
    "/api/bounty/picker/SEED1/draw-file",
    envelope({ ...served, publishedWinners: vector.winners }),
  );
  answers.set("/api/bounty/picker/NOWINNERS/draw-file", envelope(served));
  answers.set(
    "/api/bounty/picker/WRONGWINNERS/draw-file",
    envelope({ ...served, publishedWinners: [...vector.winners.slice(1), vector.ranking.at(-1)] }),
  );
  answers.set(
    "/api/bounty/picker/TAMPERED/draw-file",
    envelope({ ...served, entries: drawFile.entries.slice(1) }),
  );
  // The attack of a draw file that proves nothing: the entries changed after the commitment, and the file's
  // commitment was made from them, so the file agrees with itself; the history kept the committed one.
  const changed = [...drawFile.entries.slice(1), "1000000000000000001"];
  answers.set(
    "/api/bounty/picker/RECOMMITTED/draw-file",
    envelope({ ...served, entries: changed, commitment: entryListCommitment(changed) }),
  );
  answers.set("/api/bounty/picker/NOHISTORY/draw-file", envelope(served));
  answers.set("/api/bounty/picker/NOHISTORY/history", envelope([]));
  for (const seed of ["SEED1", "NOWINNERS", "WRONGWINNERS", "TAMPERED", "RECOMMITTED", "a%2Fb%20c"]) {
    answers.set(`/api/bounty/picker/${seed}/history`, envelope([publishedDraw]));
  }
  answers.set("/api/bounty/picker/BROKEN/draw-file", { status: 502, body: "<html>bad gateway</html>" });
  answers.set("/api/bounty/picker/LIMITED/draw-file", {
    status: 429,
    body: { content: null, typeCode: 450, message: "Too many requests" },
  });
  answers.set("/api/bounty/picker/a%2Fb%20c/draw-file", envelope(served));
  rpcBlocks.set(`0x${BigInt(vector.blockNumber).toString(16)}`, {
    hash: vector.blockHash,
    timestamp: committedAtSeconds + 24,
  });
}

beforeAll(startServer);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("dropfair verify <seed> against a server", () => {
  it("fetches the draw file, recomputes it and confirms the published winners", async () => {
    const { code, stdout, stderr } = await run(["verify", "SEED1", "--server", base]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(requests).toContain("GET /api/bounty/picker/SEED1/draw-file");
    expect(requests).toContain("GET /api/bounty/picker/SEED1/history");
    expect(stdout).toContain("commitment: matches");
    expect(stdout).toContain("public history: matches draw #1 as published when it was committed");
    expect(stdout).toContain("target block: after the commitment");
    expect(stdout).toContain("published winners: match");
  });

  it("exits 2 for a file whose entries and commitment both changed after the commitment the history published", async () => {
    const { code, stdout } = await run(["verify", "RECOMMITTED", "--server", base]);
    expect(code).toBe(exitCodes.mismatch);
    // The file agrees with itself; only the published commitment shows the entries are not the committed list.
    expect(stdout).toContain("commitment: matches");
    expect(stdout).toContain(
      `public history: DOES NOT MATCH draw #1 (commitment: file ${entryListCommitment([...drawFile.entries.slice(1), "1000000000000000001"])}, history ${vector.commitment})`,
    );
    const json = await run(["verify", "RECOMMITTED", "--server", base, "--json"]);
    expect(JSON.parse(json.stdout).historyMatches).toBe(false);
  });

  it("exits 2 when the history has no draw for the file", async () => {
    const { code, stdout } = await run(["verify", "NOHISTORY", "--server", base]);
    expect(code).toBe(exitCodes.mismatch);
    expect(stdout).toContain("public history: DOES NOT MATCH (the history has no draw #1 for this file)");
  });

  it("reports published winners in JSON", async () => {
    const { code, stdout } = await run(["verify", "SEED1", "--server", `${base}/`, "--json"]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      commitmentMatches: true,
      targetAfterHead: true,
      historyMatches: true,
      publishedWinnersMatch: true,
      ranking: expectedRanking,
    });
  });

  it("exits 2 when the server published other winners than the recomputed ones", async () => {
    const { code, stdout } = await run(["verify", "WRONGWINNERS", "--server", base]);
    expect(code).toBe(exitCodes.mismatch);
    expect(stdout).toContain("published winners: DO NOT MATCH");
    expect(stdout).toContain(`not published: ${vector.winners[0]}`);
  });

  it("exits 2 when the served entries do not match the commitment", async () => {
    const { code, stdout } = await run(["verify", "TAMPERED", "--server", base, "--json"]);
    expect(code).toBe(exitCodes.mismatch);
    expect(JSON.parse(stdout).commitmentMatches).toBe(false);
  });

  it("verifies without published winners, saying nothing about them", async () => {
    const { code, stdout } = await run(["verify", "NOWINNERS", "--server", base, "--json"]);
    expect(code).toBe(0);
    expect(Object.keys(JSON.parse(stdout))).toEqual([
      "commitmentMatches",
      "targetAfterHead",
      "historyMatches",
      "ranking",
    ]);
  });

  it("encodes the seed in the path", async () => {
    const { code } = await run(["verify", "a/b c", "--server", base]);
    expect(code).toBe(0);
  });

  it("says 'Cannot find picker with this seed' for typeCode 10 and exits 1", async () => {
    const { code, stdout, stderr } = await run(["verify", "UNKNOWN", "--server", base]);
    expect(code).toBe(exitCodes.badInput);
    expect(stdout).toBe("");
    expect(stderr).toBe("dropfair: Cannot find picker with this seed\n");
  });

  it.each([
    ["BROKEN", /unexpected answer from .*HTTP 502, not JSON/],
    ["LIMITED", /typeCode 450: Too many requests/],
  ])("exits 1 when the server answers badly (%s)", async (seed, message) => {
    const { code, stderr } = await run(["verify", seed, "--server", base]);
    expect(code).toBe(exitCodes.badInput);
    expect(stderr).toMatch(message);
  });

  it("exits 1 when the server cannot be reached", async () => {
    const { code, stderr } = await run(["verify", "SEED1", "--server", "http://127.0.0.1:9"]);
    expect(code).toBe(exitCodes.badInput);
    expect(stderr).toMatch(/cannot reach http:\/\/127\.0\.0\.1:9\/api\/bounty\/picker\/SEED1\/draw-file/);
  });

  it("uses http://localhost:3000 by default", async () => {
    const urls: string[] = [];
    await run(["verify", "SEED1"], {
      fetch: (input) => {
        urls.push(String(input));
        return Promise.reject(new Error("offline"));
      },
    });
    expect(defaultServer).toBe("http://localhost:3000");
    expect(urls).toEqual(["http://localhost:3000/api/bounty/picker/SEED1/draw-file"]);
  });
});

describe("dropfair verify --rpc against a chain", () => {
  it("checks the block hash against a chain with --rpc", async () => {
    const good = await run(["verify", "--file", goodFile, "--rpc", `${base}/rpc`, "--json"]);
    expect(good.code).toBe(0);
    expect(JSON.parse(good.stdout).blockHashMatches).toBe(true);
    const otherBlock = writeDrawFile("other-block.json", { ...drawFile, blockHash: `0x${"ab".repeat(32)}` });
    const bad = await run(["verify", "--file", otherBlock, "--rpc", `${base}/rpc`]);
    expect(bad.code).toBe(exitCodes.mismatch);
    expect(bad.stdout).toContain(
      `block hash: DOES NOT MATCH the chain (block ${vector.blockNumber} is ${vector.blockHash})`,
    );
    const future = writeDrawFile("future.json", { ...drawFile, blockNumber: "99999999" });
    const missing = await run(["verify", "--file", future, "--rpc", `${base}/rpc`]);
    expect(missing.code).toBe(exitCodes.mismatch);
    expect(missing.stdout).toContain("NOT FOUND");
  });

  it("checks with --rpc that the target block was mined after the commitment", async () => {
    const after = await run(["verify", "--file", currentFile, "--rpc", `${base}/rpc`]);
    expect(after.code).toBe(exitCodes.verified);
    expect(after.stdout).toContain(
      `block time: after the commitment (mined 2025-06-01T12:00:24.000Z, committed ${committedAt})`,
    );
    expect(
      JSON.parse((await run(["verify", "--file", currentFile, "--rpc", `${base}/rpc`, "--json"])).stdout),
    ).toMatchObject({ blockHashMatches: true, blockAfterCommit: true });
    // A commitment claimed after the block was mined: the block existed when the list was committed.
    const late = writeDrawFile("late.json", { ...currentDrawFile, committedAt: "2025-06-01T12:00:24.001Z" });
    const before = await run(["verify", "--file", late, "--rpc", `${base}/rpc`]);
    expect(before.code).toBe(exitCodes.mismatch);
    expect(before.stdout).toContain(
      "block time: NOT AFTER the commitment (mined 2025-06-01T12:00:24.000Z, committed 2025-06-01T12:00:24.001Z)",
    );
    const older = await run(["verify", "--file", goodFile, "--rpc", `${base}/rpc`]);
    expect(older.code).toBe(exitCodes.verified);
    expect(older.stdout).toContain("block time: not checked");
  });
});

describe("dropfair airdrop-root <file>", () => {
  // EIP-55's own examples.
  const claims: [bigint, string, bigint][] = [
    [0n, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", 1_000_000_000_000_000_000n],
    [1n, "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359", 2_500_000_000_000_000_000n],
    [2n, "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB", (1n << 256n) - 1n],
    [3n, "0xd1220a0cf47c7b9be7a2e6ba89f429762e7b9adb", 7n],
  ];
  const expectedRoot = StandardMerkleTree.of(claims, ["uint256", "address", "uint256"]).root;
  const claimsList = writeDrawFile(
    "claims.csv",
    claims.map(([index, account, amount]) => `${index},${account},${amount}\n`).join(""),
  );

  it("prints the root OpenZeppelin's StandardMerkleTree gives the same claims", async () => {
    const { code, stdout, stderr } = await run(["airdrop-root", claimsList]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toBe(`${expectedRoot}\n`);
  });

  it("prints the root, the claim count and the total amount with --json", async () => {
    const { code, stdout } = await run(["airdrop-root", "--json", claimsList]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      root: expectedRoot,
      claims: 4,
      totalAmount: (3_500_000_000_000_000_007n + (1n << 256n) - 1n).toString(),
    });
    expect(Object.keys(JSON.parse(stdout))).toEqual(["root", "claims", "totalAmount"]);
  });

  it("gives the same root for the list in another order, with CRLF and blank lines", async () => {
    const shuffled = writeDrawFile(
      "shuffled.csv",
      [...claims]
        .reverse()
        .map(([index, account, amount]) => `${index},${account},${amount}\r\n\r\n`)
        .join(""),
    );
    expect((await run(["airdrop-root", shuffled])).stdout).toBe(`${expectedRoot}\n`);
  });

  it.each([
    [
      "a bad checksum",
      "1,0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed,1\n2,0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5D359,1\n",
      /^dropfair: .*bad-checksum\.csv: line 2: account 0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5D359 fails its EIP-55 checksum\n$/,
    ],
    [
      "a repeated index",
      "1,0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed,1\n\n1,0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359,1\n",
      /^dropfair: .*: line 3: index 1 is already on line 1\n$/,
    ],
    [
      "a missing amount",
      "1,0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\n",
      /: line 1: expected index,account,amount/,
    ],
    ["no claims", "\n\n", /: the claims list has no claims\n$/],
  ])("exits 1 with a one-line error for %s", async (name, content, message) => {
    const path = writeDrawFile(`${name.replace(/^an? /, "").replaceAll(" ", "-")}.csv`, content);
    const { code, stdout, stderr } = await run(["airdrop-root", path]);
    expect(code).toBe(exitCodes.badInput);
    expect(stdout).toBe("");
    expect(stderr).toMatch(message);
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
  });

  it.each([
    [["airdrop-root"], /give the claims list file/],
    [["airdrop-root", "a.csv", "b.csv"], /expected one claims list file, got 2/],
    [["airdrop-root", "--rpc", "x", "a.csv"], /Unknown option '--rpc'/],
    [["airdrop-root", join(directory, "missing.csv")], /cannot read .*missing\.csv/],
  ])("exits 1 on bad usage %j", async (argv, message) => {
    const { code, stderr } = await run(argv);
    expect(code).toBe(exitCodes.badInput);
    expect(stderr).toMatch(message);
  });
});

describe("dropfair usage", () => {
  it("prints help and exits 0", async () => {
    for (const argv of [["help"], ["--help"], ["-h"]]) {
      const { code, stdout } = await run(argv);
      expect(code).toBe(0);
      expect(stdout).toBe(usage);
    }
    expect(usage).toContain("dropfair verify --file <draw.json> [--json]");
    expect(usage).toContain("dropfair verify <seed> [--server <url>] [--json]");
    expect(usage).toContain("dropfair airdrop-root <claims.csv> [--json]");
  });

  it.each([
    [[], /Usage:/],
    [["frobnicate"], /unknown command "frobnicate"/],
    [["verify"], /give --file <draw.json> or a picker seed/],
    [["verify", "SEED", "--file", "x.json"], /either --file or a seed/],
    [["verify", "a", "b"], /expected one seed/],
    [["verify", "--file", "x.json", "--server", "http://x"], /--server goes with a seed/],
    [["verify", "--nope"], /Unknown option '--nope'/],
  ])("exits 1 on bad usage %j", async (argv, message) => {
    const { code, stderr } = await run(argv);
    expect(code).toBe(exitCodes.badInput);
    expect(stderr).toMatch(message);
  });
});

describe("bin/dropfair.mjs", () => {
  it("runs the CLI through tsx as a separate process, from any working directory", () => {
    const bin = fileURLToPath(new URL("../bin/dropfair.mjs", import.meta.url));
    const result = spawnSync(process.execPath, [bin, "verify", "--file", goodFile, "--json"], {
      cwd: tmpdir(),
      encoding: "utf8",
    });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ commitmentMatches: true, ranking: expectedRanking });
    const tampered = spawnSync(process.execPath, [bin, "verify", "--file", tamperedFile], {
      encoding: "utf8",
    });
    expect(tampered.status).toBe(2);
  });
});
