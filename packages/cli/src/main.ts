/**
 * `dropfair verify`: recomputes a picker draw (docs/fairness.md) from its published data, with the same
 * fairness module as the server and the browser verifier, and says whether it matches.
 * `dropfair airdrop-root`: rebuilds a wallet airdrop's Merkle root from its public claims list.
 * `dropfair verify-wheel`: recomputes a lucky wheel game from its game file (wheel.ts).
 * `dropfair verify-tips`: recomputes a tips campaign's leaderboard from its snapshot file (tips.ts).
 */
import { parseArgs } from "node:util";
import { buildClaimsTree, ClaimsListLineError, parseClaimsList } from "@dropfair/core/airdrop";
import {
  checkAgainstPublishedDraw,
  checkDrawTiming,
  checkPublishedWinners,
  type DrawFile,
  type DrawTimingCheck,
  type DrawVerification,
  displayScore,
  fairnessAlgorithm,
  InvalidDrawFileError,
  type PublishedDraw,
  type PublishedDrawCheck,
  type PublishedWinnersCheck,
  parseDrawFile,
  publishedDrawOf,
  verifyDrawFile,
} from "@dropfair/core/fairness";
import validation from "@dropfair/core/locales/en/validation.json" with { type: "json" };
import { InvalidWheelGameFileError } from "@dropfair/core/wheel";
import { typeCodes } from "@dropfair/schemas/envelope";
import { pickerDrawSchema } from "@dropfair/schemas/picker";
import { CliError } from "./errors.ts";
import {
  type CliEnvironment,
  defaultServer,
  exitCodes,
  getJson,
  isRecord,
  nodeEnvironment,
  readText,
} from "./io.ts";
import { tips, tipsUsage } from "./tips.ts";
import { verifyWheel, wheelNotes, wheelUsage } from "./wheel.ts";

export { type CliEnvironment, defaultServer, exitCodes } from "./io.ts";

export const usage = `dropfair: verify Dropfair picker draws (${fairnessAlgorithm}), lucky wheel games, airdrop Merkle roots and tips leaderboards

Usage:
  dropfair verify --file <draw.json> [--json] [--rpc <url>]
      Recompute a draw offline from the draw file a picker's page offers for download.
  dropfair verify <seed> [--server <url>] [--json] [--rpc <url>]
      Fetch a picker's published draw data from a Dropfair server, recompute it, check
      the winners the server published, and check the file against the draw as the
      picker's public history published it (commitment, target block, moment of commitment).
  dropfair airdrop-root <claims.csv> [--json]
      Rebuild a wallet airdrop's Merkle tree from the claims list its page offers for
      download (one "index,account,amount" line per claim) and print the root, to
      compare with the campaign's merkleRoot in AirdropDistributor.getCampaign.
${tipsUsage}${wheelUsage}  dropfair help

Options:
  --file <path>   the draw file: {"algorithm", "postId", "blockNumber", "blockHash",
                  "winnerCount", "entries", "commitment", "committedAt", "headAtCommit"}
  --server <url>  Dropfair server for <seed> (default ${defaultServer})
  --rpc <url>     an Ethereum JSON-RPC endpoint: also check that blockHash is the hash of
                  block blockNumber on that chain, and that the block's timestamp is
                  later than committedAt
  --json          verify: print JSON instead of a table: {"commitmentMatches": bool,
                  "ranking": [{"userId", "score" (uint64, decimal), "winner": bool}, ...]}
                  and, when checked, "targetAfterHead", "historyMatches",
                  "publishedWinnersMatch", "blockHashMatches", "blockAfterCommit" (bool)
                  airdrop-root: print {"root", "claims" (how many), "totalAmount" (the
                  sum of the amounts in base units, decimal)} instead of the root alone

Every check ties the draw to the past: the entries must hash to the commitment published
when the draw was committed, and the target block must come after that commitment (above
the chain head read then; with --rpc, mined after committedAt).

Exit status: 0 the draw verifies (airdrop-root: the root is printed; tips: recomputed,
and the --compare leaderboard matches), 2 something does not match (commitment, public
history, target block timing, published winners, block hash; a published tips line),
1 bad input or an unreachable server.

${wheelNotes}`;

interface VerifyOptions {
  json: boolean;
  rpc: string | undefined;
}

interface Outcome {
  file: DrawFile;
  verification: DrawVerification;
  publishedWinners: PublishedWinnersCheck | undefined;
  /** The file against the draw the public history published (seed only); `count` is the draw's number. */
  history: { count: number; check: PublishedDrawCheck | undefined } | undefined;
  /** The block as the `--rpc` chain has it: undefined without --rpc, null when unknown. */
  block: ChainBlock | null | undefined;
  timing: DrawTimingCheck;
}

interface ChainBlock {
  hash: string;
  /** Seconds since the epoch, as the chain records it. */
  timestamp: bigint;
}

const commands = new Map([
  ["verify", verify],
  ["verify-wheel", verifyWheel],
  ["airdrop-root", airdropRoot],
  [
    "verify-tips",
    (args: string[], environment: CliEnvironment) =>
      tips(args, {
        stdout: environment.stdout,
        readText: (path) => readText(path, environment),
        environment,
      }),
  ],
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
    if (
      error instanceof CliError ||
      error instanceof InvalidDrawFileError ||
      error instanceof InvalidWheelGameFileError
    ) {
      environment.stderr(`dropfair: ${error.message}\n`);
      return exitCodes.badInput;
    }
    throw error;
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
    outcome.timing.ok &&
    (outcome.history === undefined || outcome.history.check?.matches === true) &&
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
  const block = await blockOnChain(file, options, environment);
  return {
    file,
    verification: verifyDrawFile(file),
    publishedWinners: undefined,
    history: undefined,
    block,
    timing: checkDrawTiming(file, block ?? undefined),
  };
}

/** The `content` of a successful API answer at `path` (below /api/bounty/picker/) on the server. */
async function getContent(server: string, path: string, environment: CliEnvironment): Promise<unknown> {
  let url: string;
  try {
    url = new URL(`api/bounty/picker/${path}`, `${server.replace(/\/+$/, "")}/`).href;
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
  return envelope.content;
}

const historySchema = pickerDrawSchema.loose().array();

/**
 * The picker's public history, where each draw's commitment, target block and moment of commitment were
 * published when it was committed; the file must be that draw.
 */
async function publishedHistory(
  seed: string,
  server: string,
  environment: CliEnvironment,
): Promise<PublishedDraw[]> {
  const content = await getContent(server, `${encodeURIComponent(seed)}/history`, environment);
  const history = historySchema.safeParse(content);
  if (!history.success) throw new CliError("the server's draw history is not a list of draws");
  return history.data;
}

async function verifySeed(
  seed: string,
  server: string,
  options: VerifyOptions,
  environment: CliEnvironment,
): Promise<Outcome> {
  const content = await getContent(server, `${encodeURIComponent(seed)}/draw-file`, environment);
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
  const drawCount = isRecord(content) && typeof content.drawCount === "number" ? content.drawCount : null;
  const history = await publishedHistory(seed, server, environment);
  const published = publishedDrawOf(history, drawCount);
  const block = await blockOnChain(file, options, environment);
  return {
    file,
    verification,
    publishedWinners,
    history: {
      count: published?.count ?? drawCount ?? 0,
      check: published && checkAgainstPublishedDraw(file, published, verification.ranking.length),
    },
    block,
    timing: checkDrawTiming(file, block ?? undefined),
  };
}

/** The file's block on the `--rpc` chain: undefined without --rpc, null when the chain does not know it. */
async function blockOnChain(
  file: DrawFile,
  options: VerifyOptions,
  environment: CliEnvironment,
): Promise<ChainBlock | null | undefined> {
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
  if (
    !isRecord(block) ||
    typeof block.hash !== "string" ||
    typeof block.timestamp !== "string" ||
    !/^0x[0-9a-fA-F]+$/.test(block.timestamp)
  )
    throw new CliError(`unexpected block from ${options.rpc}`);
  return { hash: block.hash.toLowerCase(), timestamp: BigInt(block.timestamp) };
}

function blockHashMismatch({ file, block }: Outcome): boolean {
  return block !== undefined && block?.hash !== file.blockHash.toLowerCase();
}

function jsonReport(outcome: Outcome): string {
  const { file, verification, publishedWinners, history, block, timing } = outcome;
  const report: Record<string, unknown> = { commitmentMatches: verification.commitmentMatches };
  if (timing.targetAfterHead !== null) report.targetAfterHead = timing.targetAfterHead;
  if (history !== undefined) report.historyMatches = history.check?.matches === true;
  if (publishedWinners !== undefined) report.publishedWinnersMatch = publishedWinners.matches;
  if (block !== undefined) report.blockHashMatches = block?.hash === file.blockHash.toLowerCase();
  if (timing.blockAfterCommit !== null) report.blockAfterCommit = timing.blockAfterCommit;
  report.ranking = verification.ranking;
  return `${JSON.stringify(report)}\n`;
}

/** The lines that say whether the draw is tied to the past: the public history, and the target block's timing. */
function pastLines({ file, history, block, timing }: Outcome): string[] {
  const lines: string[] = [];
  if (history !== undefined) {
    if (history.check === undefined) {
      lines.push(`public history: DOES NOT MATCH (the history has no draw #${history.count} for this file)`);
    } else if (history.check.matches) {
      lines.push(`public history: matches draw #${history.count} as published when it was committed`);
    } else {
      const fields = history.check.mismatches.map(
        (mismatch) => `${mismatch.field}: file ${mismatch.file}, history ${mismatch.published}`,
      );
      lines.push(`public history: DOES NOT MATCH draw #${history.count} (${fields.join("; ")})`);
    }
  }
  if (timing.targetAfterHead === null) {
    lines.push(
      "target block: not checked against the head at commit (the file does not say it: older format)",
    );
  } else {
    lines.push(
      timing.targetAfterHead
        ? `target block: after the commitment (block ${file.blockNumber} > head ${file.headAtCommit} at commit)`
        : `target block: NOT AFTER the commitment (block ${file.blockNumber}, but the head was ${file.headAtCommit} when the commitment was made: the block may have existed)`,
    );
  }
  if (block && file.committedAt === undefined) {
    lines.push("block time: not checked (the file does not say when the commitment was made: older format)");
  } else if (block && timing.blockAfterCommit !== null) {
    const minedAt = new Date(Number(block.timestamp) * 1000).toISOString();
    lines.push(
      timing.blockAfterCommit
        ? `block time: after the commitment (mined ${minedAt}, committed ${file.committedAt})`
        : `block time: NOT AFTER the commitment (mined ${minedAt}, committed ${file.committedAt})`,
    );
  }
  return lines;
}

function humanReport(outcome: Outcome): string {
  const { file, verification, publishedWinners, block } = outcome;
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
      : `commitment: DOES NOT MATCH (published ${file.commitment}, entries hash to ${verification.computedCommitment}): these entries are not the list committed to`,
    ...pastLines(outcome),
  ];
  if (publishedWinners !== undefined) {
    lines.push(
      publishedWinners.matches
        ? "published winners: match"
        : `published winners: DO NOT MATCH (not published: ${publishedWinners.missing.join(", ") || "none"}; ` +
            `published but not winners: ${publishedWinners.unexpected.join(", ") || "none"})`,
    );
  }
  if (block === null) lines.push(`block hash: block ${file.blockNumber} NOT FOUND on that chain`);
  else if (block !== undefined) {
    lines.push(
      blockHashMismatch(outcome)
        ? `block hash: DOES NOT MATCH the chain (block ${file.blockNumber} is ${block.hash})`
        : "block hash: matches the chain",
    );
  }
  return `${lines.join("\n")}\n`;
}
