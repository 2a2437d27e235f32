// A Hardhat node as a child process: the local chain of `npm start` and of the tests.
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { type Address, type Hex, toHex } from "viem";
import { mnemonicToAccount } from "viem/accounts";

const require = createRequire(import.meta.url);
const packageRoot = resolve(import.meta.dirname, "..");
const hardhatConfigPath = join(packageRoot, "hardhat.config.cjs");
const exitWithParentPath = join(packageRoot, "hardhat/exit-with-parent.cjs");

/** Hardhat's node prints this once its JSON-RPC server listens; it carries the real port (useful with port 0). */
const readyBanner = /Started HTTP and WebSocket JSON-RPC server at http:\/\/\S+?:(\d+)\//;
const outputTailLines = 40;

export interface LocalChainOptions {
  /** 0 lets the OS choose a free port (the tests do this); `rpcUrl` reports the real one. */
  port: number;
  host?: string;
  chainId?: number;
  /** Receives every line the node prints; without it the output is kept only for error messages. */
  log?: (line: string) => void;
  startTimeoutMs?: number;
  /**
   * Also mine an empty block every this many milliseconds (Hardhat's `evm_setIntervalMining`), so the chain moves
   * on without transactions: the picker's draw waits for a future block. Transactions are still mined at once.
   * Blocks mined within the same second share its timestamp, so the chain keeps with the wall clock.
   */
  intervalMiningMs?: number;
}

export interface LocalAccount {
  address: Address;
  privateKey: Hex;
}

export interface LocalChain {
  rpcUrl: string;
  chainId: number;
  /** The node's funded accounts, in its order (the first one deploys our contracts). */
  accounts: LocalAccount[];
  stop(): Promise<void>;
}

interface HardhatAccountsConfig {
  mnemonic: string;
  count: number;
}

function hardhatCliPath(): string {
  const manifestPath = require.resolve("hardhat/package.json");
  const manifest = require(manifestPath) as { bin: { hardhat: string } };
  return join(dirname(manifestPath), manifest.bin.hardhat);
}

/** The funded accounts the local chain's node has (hardhat.config.cjs), in its order, with their test keys. */
export function localChainAccounts(): LocalAccount[] {
  const config = require(hardhatConfigPath) as { networks: { hardhat: { accounts: HardhatAccountsConfig } } };
  const { mnemonic, count } = config.networks.hardhat.accounts;
  return Array.from({ length: count }, (_, addressIndex) => {
    const account = mnemonicToAccount(mnemonic, { addressIndex });
    return { address: account.address, privateKey: toHex(account.getHdKey().privateKey!) };
  });
}

function rpcUrlFor(host: string, port: number): string {
  return host.includes(":") ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

async function rpcRequest(
  url: string,
  method: string,
  params: unknown[],
  timeoutMs: number,
): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`${method} answered HTTP ${response.status}`);
  const body = (await response.json()) as { result?: unknown; error?: { message?: string } };
  if (body.error) throw new Error(`${method} failed: ${body.error.message ?? "unknown error"}`);
  return body.result;
}

async function rpcChainId(url: string, timeoutMs: number): Promise<number | undefined> {
  try {
    const result = await rpcRequest(url, "eth_chainId", [], timeoutMs);
    return typeof result === "string" ? Number(result) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a JSON-RPC node answers `eth_chainId` at `url`. */
export async function isRpcAlive(url: string, timeoutMs = 1_000): Promise<boolean> {
  return (await rpcChainId(url, timeoutMs)) !== undefined;
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((done) => {
    const timer = setTimeout(() => done(false), timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      done(true);
    });
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    // The child leads its own process group (detached), so this reaches anything it started too.
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/** Starts `hardhat node` and resolves once it answers `eth_chainId` with the expected chain id. */
export async function startLocalChain({
  port,
  host = "127.0.0.1",
  chainId = 31337,
  log,
  startTimeoutMs = 60_000,
  intervalMiningMs,
}: LocalChainOptions): Promise<LocalChain> {
  if (intervalMiningMs !== undefined && !(Number.isSafeInteger(intervalMiningMs) && intervalMiningMs > 0)) {
    throw new RangeError(
      `intervalMiningMs must be a positive whole number of milliseconds, not ${intervalMiningMs}`,
    );
  }
  const child = spawn(
    process.execPath,
    [
      "--require",
      exitWithParentPath,
      hardhatCliPath(),
      "--config",
      hardhatConfigPath,
      "node",
      "--hostname",
      host,
      "--port",
      String(port),
    ],
    {
      cwd: packageRoot,
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
      env: {
        ...process.env,
        HARDHAT_DISABLE_TELEMETRY_PROMPT: "true",
        CI: "true",
        NO_COLOR: "1",
        DROPFAIR_LOCAL_CHAIN_ID: String(chainId),
      },
    },
  );

  const output: string[] = [];
  let listeningPort: number | undefined;
  const collect = (stream: NodeJS.ReadableStream) => {
    let pending = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const match = readyBanner.exec(line);
        if (match) listeningPort = Number(match[1]);
        output.push(line);
        if (output.length > outputTailLines) output.shift();
        log?.(line);
      }
    });
  };
  collect(child.stdout!);
  collect(child.stderr!);
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  let spawnError: Error | undefined;
  child.once("error", (error) => {
    spawnError = error;
  });

  const stop = async () => {
    if (exited) return;
    killGroup(child, "SIGTERM");
    if (!(await waitForExit(child, 5_000))) {
      killGroup(child, "SIGKILL");
      await waitForExit(child, 5_000);
    }
  };

  const failure = (reason: string) => {
    const tail = output.join("\n").trim();
    const addressInUse = /EADDRINUSE|address already in use/i.test(tail);
    const hint = addressInUse ? ` (port ${port} on ${host} is already in use)` : "";
    return new Error(
      `local chain did not start: ${reason}${hint}${tail ? `\n--- hardhat output ---\n${tail}` : ""}`,
    );
  };

  // Deriving the keys takes a few hundred milliseconds; doing it while the node boots hides that.
  const accounts = localChainAccounts();
  const deadline = Date.now() + startTimeoutMs;
  try {
    for (;;) {
      if (spawnError) throw failure(spawnError.message);
      if (exited) throw failure(`hardhat exited with code ${child.exitCode ?? child.signalCode}`);
      if (Date.now() > deadline) throw failure(`no answer within ${startTimeoutMs} ms`);
      // Waiting for our own child's banner first means another node already on the port cannot fool us.
      if (listeningPort !== undefined) {
        const rpcUrl = rpcUrlFor(host, listeningPort);
        const answered = await rpcChainId(rpcUrl, 1_000);
        if (answered !== undefined && answered !== chainId) {
          throw failure(`the node at ${rpcUrl} reports chain ${answered}, expected ${chainId}`);
        }
        if (answered === chainId) {
          if (intervalMiningMs !== undefined) {
            await rpcRequest(rpcUrl, "evm_setIntervalMining", [intervalMiningMs], 5_000).catch(
              (error: unknown) => {
                throw failure(error instanceof Error ? error.message : String(error));
              },
            );
          }
          return { rpcUrl, chainId, accounts, stop };
        }
      }
      await new Promise((wake) => setTimeout(wake, 50));
    }
  } catch (error) {
    await stop();
    throw error;
  }
}
