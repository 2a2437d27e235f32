/**
 * `dropfair verify`: recomputes a picker draw (docs/fairness.md) from its published data, with the same
 * fairness module as the server and the browser verifier, and says whether it matches.
 * `dropfair airdrop-root`: rebuilds a wallet airdrop's Merkle root from its public claims list.
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { buildClaimsTree, ClaimsListLineError, parseClaimsList } from "@dropfair/core/airdrop";
import {
  checkPublishedWinners,
  type DrawFile,
  type DrawVerification,
  displayScore,
  entryListCommitment,
  fairnessAlgorithm,
  InvalidDrawFileError,
  type PublishedWinnersCheck,
  parseDrawFile,
  verifyDrawFile,
} from "@dropfair/core/fairness";
import validation from "@dropfair/core/locales/en/validation.json" with { type: "json" };
import { typeCodes } from "@dropfair/schemas/envelope";

export const exitCodes = { verified: 0, badInput: 1, mismatch: 2 } as const;

export const defaultServer = "http://localhost:3000";

/** What the CLI touches of the outside world; tests pass their own. */
export interface CliEnvironment {
  stdout(text: string): void;
  stderr(text: string): void;
  readFile(path: string): Promise<string>;
  fetch: typeof fetch;
}

const nodeEnvironment: CliEnvironment = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: (path) => readFile(path, "utf8"),
  fetch: (input, init) => fetch(input, init),
};

const requestTimeoutMs = 30_000;

export const usage = `dropfair: verify Dropfair picker draws (${fairnessAlgorithm}) and airdrop Merkle roots

Usage:
  dropfair verify --file <draw.json> [--json] [--rpc <url>]
      Recompute a draw offline from the draw file a picker's page offers for download.
  dropfair verify <seed> [--server <url>] [--json] [--rpc <url>]
      Fetch a picker's published draw data from a Dropfair server, recompute it and
      check the winners the server published.
  dropfair airdrop-root <claims.csv> [--json]
      Rebuild a wallet airdrop's Merkle tree from the claims list its page offers for
      download (one "index,account,amount" line per claim) and print the root, to
      compare with the campaign's merkleRoot in AirdropDistributor.getCampaign.
  dropfair help

Options:
  --file <path>   the draw file: {"algorithm", "postId", "blockNumber", "blockHash",
                  "winnerCount", "entries", "commitment"}
  --server <url>  Dropfair server for <seed> (default ${defaultServer})
  --rpc <url>     an Ethereum JSON-RPC endpoint: also check that blockHash is the hash of
                  block blockNumber on that chain
  --json          verify: print JSON instead of a table: {"commitmentMatches": bool,
                  "ranking": [{"userId", "score" (uint64, decimal), "winner": bool}, ...]}
                  airdrop-root: print {"root", "claims" (how many), "totalAmount" (the
                  sum of the amounts in base units, decimal)} instead of the root alone

Exit status: 0 the draw verifies (airdrop-root: the root is printed), 2 something does
not match (commitment, published winners, block hash), 1 bad input or an unreachable server.
`;

/** A failure to report in one line, exit status 1. */
class CliError extends Error {}

interface VerifyOptions {
  json: boolean;
  rpc: string | undefined;
}

interface Outcome {
  file: DrawFile;
  verification: DrawVerification;
  publishedWinners: PublishedWinnersCheck | undefined;
  blockHashOnChain: string | null | undefined;
}

const commands = new Map([
  ["verify", verify],
  ["airdrop-root", airdropRoot],
]);

/** Runs the CLI with `argv` (without node and the script) and returns the exit status. */
export async function main(
  argv: readonly string[],
  environment: CliEnvironment = nodeEnvironment,
): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) {
    environment.stderr(usage);
    return exitCodes.badInput;
  }
  if (command === "help" || command === "--help" || command === "-h") {
    environment.stdout(usage);
    return exitCodes.verified;
  }
  const run = commands.get(command);
  if (run === undefined) {
    environment.stderr(`dropfair: unknown command "${command}"; see "dropfair help"\n`);
    return exitCodes.badInput;
  }
  try {
    return await run(rest, environment);
  } catch (error) {
    if (error instanceof CliError || error instanceof InvalidDrawFileError) {
      environment.stderr(`dropfair: ${error.message}\n`);
      return exitCodes.badInput;
    }
    throw error;
  }
}

async function readText(path: string, environment: CliEnvironment): Promise<string> {
  try {
    return await environment.readFile(path);
  } catch (error) {
    throw new CliError(`cannot read ${path}: ${(error as Error).message}`);
  }
}

/** `dropfair airdrop-root <claims.csv> [--json]`. */
async function airdropRoot(args: string[], environment: CliEnvironment): Promise<number> {
  let parsed: ReturnType<typeof parseAirdropRootArgs>;
  try {
    parsed = parseAirdropRootArgs(args);
  } catch (error) {
    throw new CliError(`${(error as Error).message}; see "dropfair help"`);
  }
  const { values, positionals } = parsed;
  const [path] = positionals;
  if (path === undefined) throw new CliError('give the claims list file; see "dropfair help"');
  if (positionals.length > 1) throw new CliError(`expected one claims list file, got ${positionals.length}`);
  const text = await readText(path, environment);
  let claims: ReturnType<typeof parseClaimsList>;
  try {
    claims = parseClaimsList(text);
  } catch (error) {
    if (error instanceof ClaimsListLineError) throw new CliError(`${path}: ${error.message}`);
    throw error;
  }
  if (claims.length === 0) throw new CliError(`${path}: the claims list has no claims`);
  const { root } = buildClaimsTree(claims);
  if (values.json) {
    const totalAmount = claims.reduce((total, claim) => total + claim.amount, 0n);
    environment.stdout(
      `${JSON.stringify({ root, claims: claims.length, totalAmount: totalAmount.toString() })}\n`,
    );
  } else {
    environment.stdout(`${root}\n`);
  }
  return exitCodes.verified;
}

function parseAirdropRootArgs(args: string[]) {
  return parseArgs({ args, allowPositionals: true, strict: true, options: { json: { type: "boolean" } } });
}

async function verify(args: string[], environment: CliEnvironment): Promise<number> {
  let parsed: ReturnType<typeof parseVerifyArgs>;
  try {
    parsed = parseVerifyArgs(args);
  } catch (error) {
    throw new CliError(`${(error as Error).message}; see "dropfair help"`);
  }
  const { values, positionals } = parsed;
  const options: VerifyOptions = { json: values.json ?? false, rpc: values.rpc };
  if (values.file !== undefined && positionals.length > 0)
    throw new CliError("give either --file or a seed, not both");
  if (positionals.length > 1) throw new CliError(`expected one seed, got ${positionals.length}`);
  let outcome: Outcome;
  if (values.file !== undefined) {
    if (values.server !== undefined) throw new CliError("--server goes with a seed, not with --file");
    outcome = await verifyFile(values.file, options, environment);
  } else if (positionals[0] !== undefined && positionals[0].trim() !== "") {
    outcome = await verifySeed(positionals[0].trim(), values.server ?? defaultServer, options, environment);
  } else {
    throw new CliError('give --file <draw.json> or a picker seed; see "dropfair help"');
  }
  environment.stdout(options.json ? jsonReport(outcome) : humanReport(outcome));
  const matches =
    outcome.verification.commitmentMatches &&
    outcome.publishedWinners?.matches !== false &&
    !blockHashMismatch(outcome);
  return matches ? exitCodes.verified : exitCodes.mismatch;
}

function parseVerifyArgs(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      file: { type: "string" },
      server: { type: "string" },
      rpc: { type: "string" },
      json: { type: "boolean" },
    },
  });
}

async function verifyFile(
  path: string,
  options: VerifyOptions,
  environment: CliEnvironment,
): Promise<Outcome> {
  const file = parseDrawFile(await readText(path, environment));
  return {
    file,
    verification: verifyDrawFile(file),
    publishedWinners: undefined,
    blockHashOnChain: await blockHashOnChain(file, options, environment),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

async function getJson(url: string, environment: CliEnvironment, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await environment.fetch(url, {
      ...init,
      headers: { accept: "application/json", ...(init.body ? { "content-type": "application/json" } : {}) },
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
  } catch (error) {
    const reason =
      error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : error;
    throw new CliError(`cannot reach ${url}: ${reason}`);
  }
  try {
    return await response.json();
  } catch {
    throw new CliError(`unexpected answer from ${url} (HTTP ${response.status}, not JSON)`);
  }
}

async function verifySeed(
  seed: string,
  server: string,
  options: VerifyOptions,
  environment: CliEnvironment,
): Promise<Outcome> {
  let url: string;
  try {
    url = new URL(`api/bounty/picker/${encodeURIComponent(seed)}/draw-file`, `${server.replace(/\/+$/, "")}/`)
      .href;
  } catch {
    throw new CliError(`--server ${server} is not a URL`);
  }
  const envelope = await getJson(url, environment);
  if (!isRecord(envelope) || typeof envelope.typeCode !== "number" || !("content" in envelope)) {
    throw new CliError(`unexpected answer from ${url}: not a {content, typeCode, message} envelope`);
  }
  if (envelope.typeCode === typeCodes.notFound) throw new CliError(validation.validation.picker.seedNotFound);
  if (envelope.typeCode !== typeCodes.success) {
    throw new CliError(
      `the server answered typeCode ${envelope.typeCode}: ${String(envelope.message ?? "")}`,
    );
  }
  const content = envelope.content;
  const file = parseDrawFile(content);
  const verification = verifyDrawFile(file);
  let publishedWinners: PublishedWinnersCheck | undefined;
  if (isRecord(content) && content.publishedWinners !== undefined) {
    const winners = content.publishedWinners;
    if (!Array.isArray(winners) || !winners.every((winner) => typeof winner === "string")) {
      throw new CliError("the server's publishedWinners is not a list of user ids");
    }
    publishedWinners = checkPublishedWinners(verification, winners);
  }
  return {
    file,
    verification,
    publishedWinners,
    blockHashOnChain: await blockHashOnChain(file, options, environment),
  };
}

/** The hash of the file's block number on the `--rpc` chain: undefined without --rpc, null when unknown. */
async function blockHashOnChain(
  file: DrawFile,
  options: VerifyOptions,
  environment: CliEnvironment,
): Promise<string | null | undefined> {
  if (options.rpc === undefined) return undefined;
  const answer = await getJson(options.rpc, environment, {
    method: "POST",
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "eth_getBlockByNumber",
      params: [`0x${BigInt(file.blockNumber).toString(16)}`, false],
    }),
  });
  if (!isRecord(answer)) throw new CliError(`unexpected answer from ${options.rpc}`);
  if (answer.error !== undefined)
    throw new CliError(`the RPC answered an error: ${JSON.stringify(answer.error)}`);
  const block = answer.result;
  if (block === null) return null;
  if (!isRecord(block) || typeof block.hash !== "string")
    throw new CliError(`unexpected block from ${options.rpc}`);
  return block.hash.toLowerCase();
}

function blockHashMismatch({ file, blockHashOnChain }: Outcome): boolean {
  return blockHashOnChain !== undefined && blockHashOnChain !== file.blockHash.toLowerCase();
}

function jsonReport({ file, verification, publishedWinners, blockHashOnChain }: Outcome): string {
  const report: Record<string, unknown> = { commitmentMatches: verification.commitmentMatches };
  if (publishedWinners !== undefined) report.publishedWinnersMatch = publishedWinners.matches;
  if (blockHashOnChain !== undefined)
    report.blockHashMatches = blockHashOnChain === file.blockHash.toLowerCase();
  report.ranking = verification.ranking;
  return `${JSON.stringify(report)}\n`;
}

function humanReport(outcome: Outcome): string {
  const { file, verification, publishedWinners, blockHashOnChain } = outcome;
  const rankWidth = Math.max(4, String(verification.ranking.length).length);
  // X ids have up to 19 digits; a longer id pushes its own row's columns rather than widening every row.
  // (A loop, not Math.max(...spread): a million arguments would overflow the stack.)
  const idWidth = verification.ranking.reduce(
    (width, entry) => Math.max(width, Math.min(24, entry.userId.length)),
    7,
  );
  const row = (rank: string, userId: string, score: string, winner: string) =>
    `${rank.padStart(rankWidth)}  ${userId.padEnd(idWidth)}  ${score.padStart(7)}  ${winner}`.trimEnd();
  const winners = verification.ranking.filter((entry) => entry.winner).length;
  const lines = [
    `Draw ${file.algorithm}, post ${file.postId}`,
    `block ${file.blockNumber} ${file.blockHash}`,
    `${verification.ranking.length} entries, ${winners} winner${winners === 1 ? "" : "s"} (winnerCount ${file.winnerCount})`,
    "",
    row("rank", "user id", "score %", "winner"),
    ...verification.ranking.map((entry, index) =>
      row(String(index + 1), entry.userId, displayScore(BigInt(entry.score)), entry.winner ? "yes" : ""),
    ),
    "",
    verification.commitmentMatches
      ? `commitment: matches (${file.commitment})`
      : `commitment: DOES NOT MATCH (published ${file.commitment}, entries hash to ${entryListCommitment(file.entries)})`,
  ];
  if (publishedWinners !== undefined) {
    lines.push(
      publishedWinners.matches
        ? "published winners: match"
        : `published winners: DO NOT MATCH (not published: ${publishedWinners.missing.join(", ") || "none"}; ` +
            `published but not winners: ${publishedWinners.unexpected.join(", ") || "none"})`,
    );
  }
  if (blockHashOnChain === null) lines.push(`block hash: block ${file.blockNumber} NOT FOUND on that chain`);
  else if (blockHashOnChain !== undefined) {
    lines.push(
      blockHashMismatch(outcome)
        ? `block hash: DOES NOT MATCH the chain (block ${file.blockNumber} is ${blockHashOnChain})`
        : "block hash: matches the chain",
    );
  }
  return `${lines.join("\n")}\n`;
}
