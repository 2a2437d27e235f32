import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { recomputeTipsSnapshot } from "@dropfair/core/tips";
import { describe, expect, it } from "vitest";
import { type CliEnvironment, exitCodes, main } from "../src/main.ts";
import { comparedFields } from "../src/tips-compare.ts";

const vectors = JSON.parse(
  readFileSync(fileURLToPath(new URL("../../core/tips-vectors.json", import.meta.url)), "utf8"),
) as {
  cases: {
    name: string;
    snapshot: unknown;
    leaderboard: { totalPoints: string; standings: Record<string, unknown>[] };
  }[];
};
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

  /** Runs `--compare` of the basic vector's snapshot against `published` (given as its JSON text or a value). */
  async function compared(published: unknown) {
    const run = environmentWith({
      "snapshot.json": JSON.stringify(vector.snapshot),
      "board.json": typeof published === "string" ? published : JSON.stringify(published),
    });
    const status = await main(
      ["verify-tips", "--file", "snapshot.json", "--compare", "board.json", "--json"],
      run.environment,
    );
    return { status, differences: (JSON.parse(run.out()) as { differences: string[] }).differences };
  }

  /** A value one more than `value` (a number stays a number, a decimal string a decimal string). */
  const bumped = (value: unknown) =>
    typeof value === "number" ? value + 1 : String(BigInt(String(value)) + 1n);

  it.each(comparedFields)("exits 2 on a published line whose %s differs, and names it", async (field) => {
    const original = vector.leaderboard.standings[1]![field];
    const tampered = {
      ...vector.leaderboard,
      standings: vector.leaderboard.standings.map((row) =>
        row.userId === "783214" ? { ...row, [field]: bumped(row[field]) } : row,
      ),
    };
    expect(await compared(vector.leaderboard)).toEqual({ status: 0, differences: [] });
    expect(await compared(tampered)).toEqual({
      status: exitCodes.mismatch,
      differences: [`783214: ${field} published ${String(bumped(original))}, recomputed ${String(original)}`],
    });
    // A column left out is a difference too.
    const { [field]: _, ...without } = vector.leaderboard.standings[0]!;
    expect(await compared({ standings: [without, vector.leaderboard.standings[1]] })).toEqual({
      status: exitCodes.mismatch,
      differences: [
        `44196397: ${field} published nothing, recomputed ${String(vector.leaderboard.standings[0]![field])}`,
      ],
    });
  });

  it("exits 2 on a line missing, added or repeated, a wrong count or wrong total points", async () => {
    const [first, second] = vector.leaderboard.standings as [
      Record<string, unknown>,
      Record<string, unknown>,
    ];
    expect(await compared({ standings: [first] })).toEqual({
      status: exitCodes.mismatch,
      differences: [
        "leaderboard: total published 1, recomputed 2",
        "783214: recomputed but missing from the published leaderboard",
      ],
    });
    expect(await compared({ standings: [first, second], total: 3 })).toEqual({
      status: exitCodes.mismatch,
      differences: ["leaderboard: total published 3, recomputed 2"],
    });
    expect(
      await compared({ standings: [first, second, { ...second, userId: "12", rank: 3 }], total: 2 }),
    ).toEqual({
      status: exitCodes.mismatch,
      differences: ["12: published but not in the recomputed leaderboard"],
    });
    expect((await compared({ standings: [first, second, second] })).differences).toEqual([
      "leaderboard: total published 3, recomputed 2",
      "783214: published more than once",
    ]);
    expect(await compared({ ...vector.leaderboard, totalPoints: "224" })).toEqual({
      status: exitCodes.mismatch,
      differences: ["leaderboard: totalPoints published 224, recomputed 223"],
    });
  });

  it("compares the numbers exactly: decimal strings, never a JSON number past 2^53", async () => {
    // Two tweets of 2^52 views each sum to 2^53 views; a JSON number 2^53 + 1 reads back as 2^53 in floating point.
    const snapshot = structuredClone(vector.snapshot) as {
      participants: { tweets: Record<string, unknown>[] }[];
    };
    const tweet = snapshot.participants[1]!.tweets[0]!;
    tweet.views = 2 ** 52;
    snapshot.participants[1]!.tweets.push({
      ...tweet,
      id: "1860000000002000007",
      createdAt: "2026-03-02T12:00:00.000Z",
    });
    const recomputed = recomputeTipsSnapshot(JSON.stringify(snapshot));
    const views = recomputed.standings.find((row) => row.userId === "783214")!.views;
    expect(views).toBe("9007199254740992");
    const board = (value: string) =>
      JSON.stringify({ standings: recomputed.standings }).replace(`"views":"${views}"`, `"views":${value}`);
    const run = environmentWith({ "snapshot.json": JSON.stringify(snapshot) });
    const check = async (text: string) => {
      run.environment.readFile = async (path) => (path === "board.json" ? text : JSON.stringify(snapshot));
      return main(["verify-tips", "--file", "snapshot.json", "--compare", "board.json"], run.environment);
    };
    expect(await check(board(`"${views}"`))).toBe(0);
    expect(await check(board(`"9007199254740993"`))).toBe(exitCodes.mismatch);
    expect(run.out()).toContain("783214: views published 9007199254740993, recomputed 9007199254740992");
    expect(await check(board("9007199254740993"))).toBe(exitCodes.mismatch);
    expect(run.out()).toContain(
      "783214: views published 9007199254740992 (a JSON number past 2^53, inexact: give it as a decimal string), recomputed 9007199254740992",
    );
    // Below 2^53 a JSON number is exact, and accepted.
    const small = vector.leaderboard.standings.map((row) => ({ ...row, views: Number(row.views) }));
    expect(await compared({ standings: small })).toEqual({ status: 0, differences: [] });
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
