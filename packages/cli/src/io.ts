/** What every command of the CLI shares: its view of the outside world, its failures and its JSON requests. */
import { readFile } from "node:fs/promises";
import { CliError } from "./errors.ts";

export const exitCodes = { verified: 0, badInput: 1, mismatch: 2 } as const;

export const defaultServer = "http://localhost:3000";

/** What the CLI touches of the outside world; tests pass their own. */
export interface CliEnvironment {
  stdout(text: string): void;
  stderr(text: string): void;
  readFile(path: string): Promise<string>;
  fetch: typeof fetch;
}

export const nodeEnvironment: CliEnvironment = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: (path) => readFile(path, "utf8"),
  fetch: (input, init) => fetch(input, init),
};

const requestTimeoutMs = 30_000;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export async function readText(path: string, environment: CliEnvironment): Promise<string> {
  try {
    return await environment.readFile(path);
  } catch (error) {
    throw new CliError(`cannot read ${path}: ${(error as Error).message}`);
  }
}

export async function getJson(
  url: string,
  environment: CliEnvironment,
  init: RequestInit = {},
): Promise<unknown> {
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

/** One JSON-RPC call to `rpc`; its `result`, or a CliError for a transport or JSON-RPC error. */
export async function rpcCall(
  rpc: string,
  method: string,
  params: unknown[],
  environment: CliEnvironment,
): Promise<unknown> {
  const answer = await getJson(rpc, environment, {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  if (!isRecord(answer)) throw new CliError(`unexpected answer from ${rpc}`);
  if (answer.error !== undefined)
    throw new CliError(`the RPC answered an error: ${JSON.stringify(answer.error)}`);
  return answer.result;
}
