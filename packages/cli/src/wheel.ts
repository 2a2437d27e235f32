/**
 * `dropfair verify-wheel`: recomputes every spin of a lucky wheel game (docs/wheel.md) from its game file, with
 * the same wheel module as the server and the browser panel, and, given a JSON-RPC endpoint, checks each spin
 * against the chain: the transaction is in the block the file names and emitted the Spin the file describes,
 * the spins are in chain order, and (with a server) no Spin of the game on chain is missing from the file.
 */
import { parseArgs } from "node:util";
import {
  type GameFileSpin,
  parseWheelGameFile,
  spinEventTopic,
  verifyWheelGameFile,
  type WheelGameFile,
  type WheelVerification,
  wheelAlgorithm,
  wheelGameVerified,
} from "@dropfair/core/wheel";
import { typeCodes } from "@dropfair/schemas/envelope";
import { CliError } from "./errors.ts";
import { type CliEnvironment, defaultServer, exitCodes, getJson, isRecord, readText, rpcCall } from "./io.ts";

export const wheelUsage = `  dropfair verify-wheel --file <game.json> [--json] [--rpc <url>]
      Recompute every spin of a lucky wheel game (${wheelAlgorithm}) from the game
      file its page offers for download once the game has ended.
  dropfair verify-wheel <gameId> [--server <url>] [--json] [--rpc <url>]
      Fetch the game file from a Dropfair server and recompute it; with --rpc also
      check that the file holds every Spin of the game on the server's LuckyWheel.
`;

export const wheelNotes = `verify-wheel --rpc: for each spin, the transaction must be in the block the file
  names and have emitted Spin(gameId, account, nonce); spins must be in chain order.
  verify-wheel --json prints {"saltMatches": bool, "revealed": bool, "spins": [{"nonce",
  "position", "prizeId", "matches": bool, "onChain" (with --rpc): bool}, ...]} and,
  with --rpc, "chainMatches" (every spin on chain, in order) and, with a server,
  "spinsComplete" (no Spin on chain is missing from the file). Exit status 0 when the
  salt and every spin match (and, with --rpc, the chain), 2 otherwise, 1 bad input.
`;

/** Where the game file came from, when a server served it: what the game is on chain. */
interface ServedGame {
  chainId: number;
  contract: string;
  /** The first block that can hold a Spin of the game (decimal). */
  fromBlock: string;
}

interface SpinOnChain {
  ok: boolean;
  reason?: string;
}

interface ChainCheck {
  spins: SpinOnChain[];
  /** Every spin on chain and in chain order. */
  matches: boolean;
  /** Undefined without a server (the file alone does not name the contract). */
  complete: boolean | undefined;
  missing: string[];
}

function parseWheelArgs(args: string[]) {
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

/** `dropfair verify-wheel`. */
export async function verifyWheel(args: string[], environment: CliEnvironment): Promise<number> {
  let parsed: ReturnType<typeof parseWheelArgs>;
  try {
    parsed = parseWheelArgs(args);
  } catch (error) {
    throw new CliError(`${(error as Error).message}; see "dropfair help"`);
  }
  const { values, positionals } = parsed;
  if (values.file !== undefined && positionals.length > 0)
    throw new CliError("give either --file or a game id, not both");
  if (positionals.length > 1) throw new CliError(`expected one game id, got ${positionals.length}`);
  let file: WheelGameFile;
  let served: ServedGame | undefined;
  if (values.file !== undefined) {
    if (values.server !== undefined) throw new CliError("--server goes with a game id, not with --file");
    file = parseWheelGameFile(await readText(values.file, environment));
  } else if (positionals[0] !== undefined && /^[0-9]+$/.test(positionals[0].trim())) {
    ({ file, served } = await fetchGame(positionals[0].trim(), values.server ?? defaultServer, environment));
  } else {
    throw new CliError('give --file <game.json> or a game id (a number); see "dropfair help"');
  }
  const verification = verifyWheelGameFile(file);
  const chain =
    values.rpc === undefined ? undefined : await checkOnChain(file, served, values.rpc, environment);
  environment.stdout(values.json ? jsonReport(verification, chain) : humanReport(file, verification, chain));
  const ok =
    wheelGameVerified(verification) && (chain === undefined || (chain.matches && chain.complete !== false));
  return ok ? exitCodes.verified : exitCodes.mismatch;
}

async function fetchGame(
  gameId: string,
  server: string,
  environment: CliEnvironment,
): Promise<{ file: WheelGameFile; served: ServedGame }> {
  let url: string;
  try {
    url = new URL(`api/bounty/wheel/games/${gameId}/game-file`, `${server.replace(/\/+$/, "")}/`).href;
  } catch {
    throw new CliError(`--server ${server} is not a URL`);
  }
  const envelope = await getJson(url, environment);
  if (!isRecord(envelope) || typeof envelope.typeCode !== "number" || !("content" in envelope)) {
    throw new CliError(`unexpected answer from ${url}: not a {content, typeCode, message} envelope`);
  }
  if (envelope.typeCode === typeCodes.notFound) throw new CliError(`no wheel game ${gameId} on ${server}`);
  if (envelope.typeCode !== typeCodes.success) {
    throw new CliError(
      `the server answered typeCode ${envelope.typeCode}: ${String(envelope.message ?? "")}`,
    );
  }
  const content = envelope.content;
  if (
    !isRecord(content) ||
    typeof content.chainId !== "number" ||
    typeof content.contract !== "string" ||
    typeof content.fromBlock !== "string"
  ) {
    throw new CliError(
      `unexpected answer from ${url}: not a game file with its chainId, contract and fromBlock`,
    );
  }
  const file = parseWheelGameFile(content.file);
  return {
    file,
    served: { chainId: content.chainId, contract: content.contract, fromBlock: content.fromBlock },
  };
}

const uint256Topic = (value: bigint | string) => `0x${BigInt(value).toString(16).padStart(64, "0")}`;
const addressTopic = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, "0")}`;

interface ReceiptLog {
  address: string;
  topics: string[];
  logIndex: string;
}

function isSpinLog(
  log: ReceiptLog,
  file: WheelGameFile,
  spin: GameFileSpin,
  contract: string | undefined,
): boolean {
  const [topic0, game, account, nonce] = log.topics.map((topic) => topic.toLowerCase());
  return (
    topic0 === spinEventTopic &&
    game === uint256Topic(file.gameId) &&
    account === addressTopic(spin.account) &&
    nonce === uint256Topic(spin.nonce) &&
    (contract === undefined || log.address.toLowerCase() === contract.toLowerCase())
  );
}

async function checkSpin(
  file: WheelGameFile,
  spin: GameFileSpin,
  contract: string | undefined,
  rpc: string,
  environment: CliEnvironment,
): Promise<SpinOnChain & { order?: [bigint, number, number] }> {
  const receipt = await rpcCall(rpc, "eth_getTransactionReceipt", [spin.txHash], environment);
  if (receipt === null) return { ok: false, reason: "transaction not found" };
  if (!isRecord(receipt) || typeof receipt.blockHash !== "string" || !Array.isArray(receipt.logs)) {
    throw new CliError(`unexpected receipt from ${rpc}`);
  }
  if (receipt.status !== "0x1") return { ok: false, reason: "transaction failed" };
  if (receipt.blockHash.toLowerCase() !== spin.blockHash.toLowerCase()) {
    return { ok: false, reason: `in block ${receipt.blockHash}, not ${spin.blockHash}` };
  }
  const log = (receipt.logs as ReceiptLog[]).find((candidate) => isSpinLog(candidate, file, spin, contract));
  if (log === undefined) return { ok: false, reason: "no Spin(gameId, account, nonce) in the transaction" };
  const order: [bigint, number, number] = [
    BigInt(receipt.blockNumber as string),
    Number(receipt.transactionIndex),
    Number(log.logIndex),
  ];
  return { ok: true, order };
}

const logRangeBlocks = 5_000n;

/** Nonces of the game's Spin logs on the contract from `fromBlock` to the head. */
async function spinNoncesOnChain(
  file: WheelGameFile,
  served: ServedGame,
  rpc: string,
  environment: CliEnvironment,
) {
  const head = BigInt((await rpcCall(rpc, "eth_blockNumber", [], environment)) as string);
  const nonces: string[] = [];
  for (let from = BigInt(served.fromBlock); from <= head; from += logRangeBlocks) {
    const to = from + logRangeBlocks - 1n < head ? from + logRangeBlocks - 1n : head;
    const logs = await rpcCall(
      rpc,
      "eth_getLogs",
      [
        {
          address: served.contract,
          fromBlock: `0x${from.toString(16)}`,
          toBlock: `0x${to.toString(16)}`,
          topics: [spinEventTopic, uint256Topic(file.gameId)],
        },
      ],
      environment,
    );
    if (!Array.isArray(logs)) throw new CliError(`unexpected logs from ${rpc}`);
    for (const log of logs as ReceiptLog[]) nonces.push(BigInt(log.topics[3]!).toString());
  }
  return nonces;
}

async function checkOnChain(
  file: WheelGameFile,
  served: ServedGame | undefined,
  rpc: string,
  environment: CliEnvironment,
): Promise<ChainCheck> {
  if (served !== undefined) {
    const chainId = Number(BigInt((await rpcCall(rpc, "eth_chainId", [], environment)) as string));
    if (chainId !== served.chainId) {
      throw new CliError(`--rpc ${rpc} is chain ${chainId}, but the game is on chain ${served.chainId}`);
    }
  }
  const spins: SpinOnChain[] = [];
  let previous: [bigint, number, number] | undefined;
  for (const spin of file.spins) {
    const { order, ...check } = await checkSpin(file, spin, served?.contract, rpc, environment);
    if (check.ok && order && previous && !isAfter(order, previous)) {
      spins.push({
        ok: false,
        reason: "out of chain order: on chain it comes before the spin listed above it",
      });
    } else spins.push(check);
    if (order) previous = order;
  }
  let complete: boolean | undefined;
  let missing: string[] = [];
  if (served !== undefined) {
    const listed = new Set(file.spins.map((spin) => spin.nonce));
    missing = (await spinNoncesOnChain(file, served, rpc, environment)).filter((nonce) => !listed.has(nonce));
    complete = missing.length === 0;
  }
  return { spins, matches: spins.every((spin) => spin.ok), complete, missing };
}

function isAfter(order: [bigint, number, number], previous: [bigint, number, number]): boolean {
  if (order[0] !== previous[0]) return order[0] > previous[0];
  if (order[1] !== previous[1]) return order[1] > previous[1];
  return order[2] > previous[2];
}

function jsonReport(verification: WheelVerification, chain: ChainCheck | undefined): string {
  const report: Record<string, unknown> = {
    saltMatches: verification.saltMatches,
    revealed: verification.revealed,
    spins: verification.spins.map((spin, index) =>
      chain === undefined ? spin : { ...spin, onChain: chain.spins[index]!.ok },
    ),
  };
  if (chain !== undefined) report.chainMatches = chain.matches;
  if (chain?.complete !== undefined) report.spinsComplete = chain.complete;
  return `${JSON.stringify(report)}\n`;
}

function humanReport(
  file: WheelGameFile,
  verification: WheelVerification,
  chain: ChainCheck | undefined,
): string {
  const lines = [
    `Wheel game ${file.gameId} (${file.algorithm}), ${file.prizes.length} prizes, ${file.spins.length} spins`,
    !verification.revealed
      ? "salt: NOT PUBLISHED YET (the game has not ended): the spins cannot be recomputed"
      : verification.saltMatches
        ? `salt: matches the saltHash published at creation (${file.saltHash})`
        : `salt: DOES NOT MATCH the saltHash published at creation (${file.saltHash})`,
    "",
  ];
  const rows = verification.spins.map((spin, index) => {
    const recorded = file.spins[index]!;
    const outcome = !verification.revealed
      ? "-"
      : spin.matches
        ? "matches"
        : `DIFFERS (recorded ${recorded.prizeId ?? "nothing"} at ${recorded.position ?? "-"})`;
    const onChain =
      chain === undefined ? [] : [chain.spins[index]!.ok ? "ok" : `NO: ${chain.spins[index]!.reason}`];
    const prize = spin.prizeId ?? (verification.revealed ? "nothing" : "-");
    return [recorded.nonce, spin.position ?? "-", prize, outcome, ...onChain];
  });
  const header = ["nonce", "position", "prize", "recomputed", ...(chain === undefined ? [] : ["chain"])];
  const widths = header.map((title, column) =>
    rows.reduce((width, row) => Math.max(width, Math.min(24, row[column]!.length)), title.length),
  );
  for (const row of [header, ...rows]) {
    lines.push(
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join("  ")
        .trimEnd(),
    );
  }
  if (chain !== undefined) {
    lines.push(
      "",
      chain.matches
        ? "chain: every spin is on chain, in chain order"
        : "chain: SOME SPINS DO NOT MATCH THE CHAIN",
    );
    if (chain.complete !== undefined) {
      lines.push(
        chain.complete
          ? "completeness: every Spin of the game on chain is in the file"
          : `completeness: SPINS MISSING from the file (nonces ${chain.missing.join(", ")})`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}
