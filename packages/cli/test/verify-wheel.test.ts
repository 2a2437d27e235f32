import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { spinEventTopic, type WheelGameFile } from "@dropfair/core/wheel";
import { describe, expect, it } from "vitest";
import { type CliEnvironment, exitCodes, main } from "../src/main.ts";

const vectors = JSON.parse(
  readFileSync(fileURLToPath(new URL("../../core/wheel-vectors.json", import.meta.url)), "utf8"),
) as { cases: { name: string; file: WheelGameFile }[] };
const game = vectors.cases.find((vector) => vector.name === "exhaustion")!.file;
const contract = "0x0000000000000000000000000000000000001234";
const chainId = 31337;

const uintTopic = (value: string) => `0x${BigInt(value).toString(16).padStart(64, "0")}`;
const accountTopic = (account: string) => `0x${account.slice(2).toLowerCase().padStart(64, "0")}`;

/** A chain where each spin of `file` was mined as the vectors say: two spins per block, in file order. */
function chainOf(file: WheelGameFile, extraNonces: string[] = []) {
  const receipts = new Map(
    file.spins.map((spin, index) => [
      spin.txHash,
      {
        status: "0x1",
        blockHash: spin.blockHash,
        blockNumber: `0x${(100 + Math.floor(index / 2)).toString(16)}`,
        transactionIndex: `0x${(index % 2).toString(16)}`,
        logs: [
          {
            address: contract,
            logIndex: `0x${(index % 2).toString(16)}`,
            topics: [
              spinEventTopic,
              uintTopic(file.gameId),
              accountTopic(spin.account),
              uintTopic(spin.nonce),
            ],
          },
        ],
      },
    ]),
  );
  const logs = [...file.spins.map((spin) => spin.nonce), ...extraNonces].map((nonce) => ({
    address: contract,
    topics: [spinEventTopic, uintTopic(file.gameId), accountTopic(file.spins[0]!.account), uintTopic(nonce)],
  }));
  return { receipts, logs };
}

function environmentFor(
  file: WheelGameFile,
  chain: ReturnType<typeof chainOf>,
  served: Record<string, unknown> = {},
): Partial<CliEnvironment> {
  return {
    readFile: () => Promise.resolve(JSON.stringify(file)),
    fetch: async (input, init) => {
      const url = String(input);
      if (url.startsWith("http://server.test/")) {
        if (url !== `http://server.test/api/bounty/wheel/games/${file.gameId}/game-file`) {
          return Response.json({ content: null, typeCode: 10, message: "not found" }, { status: 404 });
        }
        return Response.json({
          content: { chainId, contract, fromBlock: "90", file, ...served },
          typeCode: 1,
          message: "success",
        });
      }
      const call = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] };
      const result =
        call.method === "eth_chainId"
          ? `0x${chainId.toString(16)}`
          : call.method === "eth_blockNumber"
            ? "0x7d"
            : call.method === "eth_getLogs"
              ? BigInt((call.params[0] as { fromBlock: string }).fromBlock) === 90n
                ? chain.logs
                : []
              : (chain.receipts.get(call.params[0] as `0x${string}`) ?? null);
      return Response.json({ jsonrpc: "2.0", id: call.id, result });
    },
  };
}

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
    readFile: () => Promise.resolve(JSON.stringify(game)),
    fetch: () => Promise.reject(new Error("no network in this test")),
    ...environment,
  });
  return { code, stdout, stderr };
}

const expectedSpins = game.spins.map(({ nonce, position, prizeId }) => ({
  nonce,
  position,
  prizeId,
  matches: true,
}));

describe("dropfair verify-wheel --file", () => {
  it("prints the JSON report and exits 0 when the salt and every spin match", async () => {
    const { code, stdout, stderr } = await run(["verify-wheel", "--file", "game.json", "--json"]);
    expect(stderr).toBe("");
    expect(code).toBe(exitCodes.verified);
    expect(JSON.parse(stdout)).toEqual({ saltMatches: true, revealed: true, spins: expectedSpins });
  });

  it("exits 2 when a recorded prize is not what the inputs give, naming the spin", async () => {
    const tampered = structuredClone(game);
    tampered.spins[3]!.prizeId = "usdt-100";
    const { code, stdout } = await run(["verify-wheel", "--file", "game.json", "--json"], {
      readFile: () => Promise.resolve(JSON.stringify(tampered)),
    });
    expect(code).toBe(exitCodes.mismatch);
    const report = JSON.parse(stdout) as { spins: { matches: boolean }[] };
    expect(report.spins.map((spin) => spin.matches)).toEqual(game.spins.map((_, index) => index !== 3));
    const table = await run(["verify-wheel", "--file", "game.json"], {
      readFile: () => Promise.resolve(JSON.stringify(tampered)),
    });
    expect(table.stdout).toMatch(/^4\s+25\s+ep-50\s+DIFFERS \(recorded usdt-100 at 25\)$/m);
  });

  it("exits 2 when the salt does not hash to the published saltHash", async () => {
    const { code, stdout } = await run(["verify-wheel", "--file", "game.json", "--json"], {
      readFile: () => Promise.resolve(JSON.stringify({ ...game, salt: `0x${"ab".repeat(32)}` })),
    });
    expect(code).toBe(exitCodes.mismatch);
    expect(JSON.parse(stdout).saltMatches).toBe(false);
  });

  it("exits 2 before the reveal: nothing can be recomputed", async () => {
    const { code, stdout } = await run(["verify-wheel", "--file", "game.json"], {
      readFile: () => Promise.resolve(JSON.stringify({ ...game, salt: null })),
    });
    expect(code).toBe(exitCodes.mismatch);
    expect(stdout).toContain("salt: NOT PUBLISHED YET");
  });

  it("exits 1 on a malformed file or bad arguments", async () => {
    const bad = await run(["verify-wheel", "--file", "game.json"], {
      readFile: () => Promise.resolve(JSON.stringify({ ...game, saltHash: "0x1" })),
    });
    expect(bad.code).toBe(exitCodes.badInput);
    expect(bad.stderr).toContain("saltHash");
    expect((await run(["verify-wheel"])).code).toBe(exitCodes.badInput);
    expect((await run(["verify-wheel", "abc"])).code).toBe(exitCodes.badInput);
    expect((await run(["verify-wheel", "3", "--file", "x"])).code).toBe(exitCodes.badInput);
    expect((await run(["verify-wheel", "--file", "x", "--server", "http://s"])).code).toBe(
      exitCodes.badInput,
    );
  });
});

describe("dropfair verify-wheel --rpc", () => {
  it("confirms each spin's block and Spin log on chain, in chain order", async () => {
    const { code, stdout } = await run(
      ["verify-wheel", "--file", "game.json", "--rpc", "http://rpc.test", "--json"],
      environmentFor(game, chainOf(game)),
    );
    expect(code).toBe(exitCodes.verified);
    const report = JSON.parse(stdout);
    expect(report.chainMatches).toBe(true);
    expect(report.spins.every((spin: { onChain: boolean }) => spin.onChain)).toBe(true);
    expect(report.spinsComplete).toBeUndefined();
  });

  it("exits 2 when a spin's transaction is in another block, missing, or listed out of chain order", async () => {
    const chain = chainOf(game);
    chain.receipts.get(game.spins[1]!.txHash)!.blockHash = `0x${"11".repeat(32)}`;
    chain.receipts.delete(game.spins[5]!.txHash);
    const { code, stdout } = await run(
      ["verify-wheel", "--file", "game.json", "--rpc", "http://rpc.test"],
      environmentFor(game, chain),
    );
    expect(code).toBe(exitCodes.mismatch);
    expect(stdout).toContain(`NO: in block 0x${"11".repeat(32)}`);
    expect(stdout).toContain("NO: transaction not found");
    expect(stdout).toContain("chain: SOME SPINS DO NOT MATCH THE CHAIN");

    const swappedOrder = chainOf(game);
    const first = swappedOrder.receipts.get(game.spins[0]!.txHash)!;
    first.blockNumber = "0x200";
    const reordered = await run(
      ["verify-wheel", "--file", "game.json", "--rpc", "http://rpc.test", "--json"],
      environmentFor(game, swappedOrder),
    );
    expect(reordered.code).toBe(exitCodes.mismatch);
    expect(JSON.parse(reordered.stdout).spins[1].onChain).toBe(false);
  });

  it("with a game id, fetches the game file from the server and checks no Spin on chain is missing", async () => {
    const complete = await run(
      ["verify-wheel", game.gameId, "--server", "http://server.test", "--rpc", "http://rpc.test", "--json"],
      environmentFor(game, chainOf(game)),
    );
    expect(complete.stderr).toBe("");
    expect(complete.code).toBe(exitCodes.verified);
    expect(JSON.parse(complete.stdout)).toMatchObject({
      saltMatches: true,
      chainMatches: true,
      spinsComplete: true,
    });

    const dropped = await run(
      ["verify-wheel", game.gameId, "--server", "http://server.test", "--rpc", "http://rpc.test"],
      environmentFor(game, chainOf(game, ["999"])),
    );
    expect(dropped.code).toBe(exitCodes.mismatch);
    expect(dropped.stdout).toContain("completeness: SPINS MISSING from the file (nonces 999)");
  });

  it("refuses an RPC of another chain and an unknown game", async () => {
    const otherChain = await run(
      ["verify-wheel", game.gameId, "--server", "http://server.test", "--rpc", "http://rpc.test"],
      environmentFor(game, chainOf(game), { chainId: 1 }),
    );
    expect(otherChain.code).toBe(exitCodes.badInput);
    expect(otherChain.stderr).toContain("is chain 31337, but the game is on chain 1");
    const unknown = await run(
      ["verify-wheel", "42", "--server", "http://server.test"],
      environmentFor(game, chainOf(game)),
    );
    expect(unknown.code).toBe(exitCodes.badInput);
    expect(unknown.stderr).toContain("no wheel game 42");
  });
});
