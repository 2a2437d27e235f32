import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type CliEnvironment, exitCodes, main } from "../src/main.ts";

const vectors = JSON.parse(
  readFileSync(fileURLToPath(new URL("../../core/tips-vectors.json", import.meta.url)), "utf8"),
) as { cases: { name: string; snapshot: unknown; leaderboard: { standings: Record<string, unknown>[] } }[] };
const vector = vectors.cases.find((candidate) => candidate.name === "basic")!;

function environmentWith(files: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const environment: CliEnvironment = {
    stdout: (text) => void out.push(text),
    stderr: (text) => void err.push(text),
    readFile: async (path) => {
      const text = files[path];
      if (text === undefined) throw new Error("ENOENT: no such file");
      return text;
    },
    fetch: () => {
      throw new Error("the tips command reads files only");
    },
  };
  return { environment, out: () => out.join(""), err: () => err.join("") };
}

describe("dropfair verify-tips", () => {
  it("recomputes the leaderboard of a snapshot file", async () => {
    const run = environmentWith({ "snapshot.json": JSON.stringify(vector.snapshot) });
    expect(await main(["verify-tips", "--file", "snapshot.json", "--json"], run.environment)).toBe(
      exitCodes.verified,
    );
    expect(JSON.parse(run.out())).toEqual({
      ranking: [
        { userId: "44196397", points: "202", interactions: "54", estimatedEarned: "905829596" },
        { userId: "783214", points: "21", interactions: "11", estimatedEarned: "94170403" },
      ],
    });
  });

  it("prints one participant's line and counted tweets", async () => {
    const run = environmentWith({ "snapshot.json": JSON.stringify(vector.snapshot) });
    expect(await main(["verify-tips", "--file", "snapshot.json", "--user", "783214"], run.environment)).toBe(
      0,
    );
    expect(run.out()).toMatch(/^2\s+783214\s+21\s+1\s+999\s+11\s+94170403$/m);
    expect(run.out()).not.toContain("44196397");
    expect(run.out()).toMatch(/tweet \d+ 2026-03-02T11:00:00.000Z 21 points/);
  });

  it("accepts a published leaderboard that matches and exits 2 on one that does not", async () => {
    const honest = { standings: vector.leaderboard.standings };
    const inflated = {
      standings: vector.leaderboard.standings.map((row) =>
        row.userId === "783214" ? { ...row, points: "210", estimatedEarned: "500000000" } : row,
      ),
    };
    const run = environmentWith({
      "snapshot.json": JSON.stringify(vector.snapshot),
      "honest.json": JSON.stringify(honest),
      "inflated.json": JSON.stringify(inflated),
    });
    expect(
      await main(["verify-tips", "--file", "snapshot.json", "--compare", "honest.json"], run.environment),
    ).toBe(0);
    expect(run.out()).toContain("✓ the published leaderboard matches the recomputation");
    expect(
      await main(["verify-tips", "--file", "snapshot.json", "--compare", "inflated.json"], run.environment),
    ).toBe(exitCodes.mismatch);
    expect(run.out()).toContain("783214: points published 210, recomputed 21");
    expect(run.out()).toContain("783214: estimatedEarned published 500000000, recomputed 94170403");
  });

  it("names the bad field of a malformed snapshot and exits 1", async () => {
    const broken = { ...(vector.snapshot as object), tweetCap: -1 };
    const run = environmentWith({ "snapshot.json": JSON.stringify(broken) });
    expect(await main(["verify-tips", "--file", "snapshot.json"], run.environment)).toBe(exitCodes.badInput);
    expect(run.err()).toContain(
      "snapshot.json: Invalid tips snapshot: tweetCap must be an integer from 1 to",
    );
  });

  it("refuses a missing file and a missing argument", async () => {
    const run = environmentWith({});
    expect(await main(["verify-tips", "--file", "nowhere.json"], run.environment)).toBe(exitCodes.badInput);
    expect(run.err()).toContain("cannot read nowhere.json");
    expect(await main(["verify-tips"], run.environment)).toBe(exitCodes.badInput);
    expect(run.err()).toContain("give a campaign id or --file <snapshot.json>");
    expect(await main(["verify-tips", "--file", "a.json", "--server", "http://x"], run.environment)).toBe(
      exitCodes.badInput,
    );
    expect(run.err()).toContain("--server goes with a campaign id");
  });
});
