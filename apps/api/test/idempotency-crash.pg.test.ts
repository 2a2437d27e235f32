// T15 when the attempt dies: an API process SIGKILLed in the middle of a handler run under an Idempotency-Key
// leaves the key in flight under a lease it no longer renews. A retry meanwhile gets 409 (the first may still be
// running, as far as anyone can tell); once the lease has run out, a retry with the same body takes the key
// over and the effect happens exactly once. A handler that runs longer than the lease keeps its key (it renews
// it). Two real API processes on one PostgreSQL database (TEST_DATABASE_URL); the chain RPC the airdrop's
// create reads its token from is a server in this test, which holds the call the process dies in.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { airdrops, eq, idempotencyKeys } from "@dropfair/db";
import { createTestDatabase, type TestDatabase } from "@dropfair/db/testing";
import { encodeFunctionResult, erc20Abi } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idempotencyLeaseMs } from "../src/platform/idempotency.ts";
import { airdropDraftBody } from "./builders.ts";
import { type Replica, signInThrough, startReplica } from "./replicas-helper.ts";

const token = "0x5FbDB2315678aFeCb367F642810aa3F7E9F38a57";

let database: TestDatabase;
let rpc: Server;
let environment: Record<string, string>;
let survivor: Replica;
/** The eth_calls to hold: each waits for `release` once it has told `arrived`. */
let hold: { arrived: () => void; released: Promise<void> } | undefined;
let ethCalls = 0;

/** A JSON-RPC chain that knows one ERC-20 token (symbol TKN, 18 decimals). */
function answer(call: { id: number; method: string; params?: unknown[] }) {
  if (call.method === "eth_chainId") return { jsonrpc: "2.0", id: call.id, result: "0x1" };
  if (call.method !== "eth_call")
    return { jsonrpc: "2.0", id: call.id, error: { code: -32601, message: "no" } };
  const data = (call.params?.[0] as { data?: string } | undefined)?.data ?? "";
  const result = data.startsWith("0x95d89b41")
    ? encodeFunctionResult({ abi: erc20Abi, functionName: "symbol", result: "TKN" })
    : encodeFunctionResult({ abi: erc20Abi, functionName: "decimals", result: 18 });
  return { jsonrpc: "2.0", id: call.id, result };
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of request) text += chunk;
  return text;
}

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL)
    throw new Error("two API processes need one PostgreSQL database: set TEST_DATABASE_URL");
  database = await createTestDatabase();
  if (database.kind !== "postgres") throw new Error("expected a PostgreSQL test database");
  rpc = createServer(async (request, response) => {
    const parsed = JSON.parse(await bodyOf(request)) as Parameters<typeof answer>[0];
    const calls = Array.isArray(parsed) ? parsed : [parsed];
    if (calls.some((call) => call.method === "eth_call")) {
      ethCalls += 1;
      const current = hold;
      if (current) {
        current.arrived();
        await current.released;
      }
    }
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify(Array.isArray(parsed) ? calls.map(answer) : answer(parsed)));
  });
  await new Promise<void>((resolve) => rpc.listen(0, "127.0.0.1", resolve));
  const address = rpc.address();
  const port = typeof address === "object" && address ? address.port : 0;
  environment = {
    DATABASE_URL: database.connectionString,
    RPC_URL_1: `http://127.0.0.1:${port}`,
    AIRDROP_DISTRIBUTOR_ADDRESSES: "1:0x00000000000000000000000000000000000000d1",
    CONTRACT_WALLET_TIMEOUT_MS: "60000",
  };
  survivor = await startReplica(environment);
}, 120_000);

afterAll(async () => {
  hold = undefined;
  await survivor?.stop();
  await new Promise((resolve) => rpc?.close(resolve));
  await database?.destroy();
});

function holdEthCalls() {
  let arrived!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  hold = { arrived, released: new Promise<void>((resolve) => (release = resolve)) };
  return {
    reached,
    release: () => {
      hold = undefined;
      release();
    },
  };
}

/** Waits for the held call; the request answering first instead is a failure, with its answer shown. */
async function reachedOrAnswered(reached: Promise<void>, request: Promise<Response>) {
  let held = false;
  const answeredFirst = request.then(async (response) => {
    if (held) return;
    throw new Error(`answered before reaching the chain: ${response.status} ${await response.text()}`);
  });
  answeredFirst.catch(() => undefined);
  await Promise.race([reached.then(() => (held = true)), answeredFirst]);
}

/** One draft body per title, built once: a retry must send the very same body (its start is the current minute). */
const bodies = new Map<string, string>();

function create(replica: Replica, sessionToken: string, key: string, title: string) {
  const body =
    bodies.get(title) ?? JSON.stringify(airdropDraftBody({ title, chainId: 1, tokenAddress: token }));
  bodies.set(title, body);
  return replica.fetch("/api/bounty/airdrop", {
    method: "POST",
    headers: {
      authorization: `Bearer ${sessionToken}`,
      "content-type": "application/json",
      "idempotency-key": key,
    },
    body,
  });
}

async function keyRow(key: string) {
  const rows = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const draftsTitled = (title: string) => database.db.select().from(airdrops).where(eq(airdrops.title, title));

describe("T15: an attempt that dies does not block its retries", () => {
  it("a process killed mid-handler: 409 while its lease runs, then the retry creates the airdrop once", async () => {
    const doomed = await startReplica(environment);
    const session = await signInThrough(doomed, "198.51.100.20");
    const title = "Killed mid-create";

    const held = holdEthCalls();
    const first = create(doomed, session, "killed-create", title);
    await reachedOrAnswered(held.reached, first);
    const inFlight = await keyRow("killed-create");
    expect(inFlight).toMatchObject({ statusCode: null, response: null });
    expect(inFlight.owner).toEqual(expect.any(String));
    expect(await doomed.kill("SIGKILL")).toEqual({ code: null, signal: "SIGKILL" });
    await expect(first).rejects.toThrow();
    held.release();

    // The dead attempt's lease still runs: as far as anyone can tell, the first call is still in flight.
    const early = await create(survivor, session, "killed-create", title);
    expect(early.status).toBe(409);
    expect(await draftsTitled(title)).toEqual([]);

    // Once the lease has run out, the retry takes the key over and runs the handler once.
    const stillLeased = (await keyRow("killed-create")).leaseUntil!.getTime() - Date.now();
    expect(stillLeased).toBeLessThanOrEqual(idempotencyLeaseMs);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, stillLeased) + 500));
    const retried = await create(survivor, session, "killed-create", title);
    expect(retried.status).toBe(200);
    const created = ((await retried.json()) as { content: { id: number; tokenSymbol: string } }).content;
    expect(created.tokenSymbol).toBe("TKN");
    const rows = await draftsTitled(title);
    expect(rows.map((row) => row.id)).toEqual([created.id]);
    const settled = await keyRow("killed-create");
    expect(settled).toMatchObject({ statusCode: 200, leaseUntil: null });
    expect(settled.owner).not.toBe(inFlight.owner);

    // And the key now answers with that airdrop, without running the handler again.
    const calls = ethCalls;
    const replayed = await create(survivor, session, "killed-create", title);
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(((await replayed.json()) as { content: { id: number } }).content.id).toBe(created.id);
    expect(ethCalls).toBe(calls);
    expect(await draftsTitled(title)).toHaveLength(1);
  }, 120_000);

  it("a handler that runs longer than the lease keeps its key: a retry meanwhile gets 409, and one airdrop is made", async () => {
    const session = await signInThrough(survivor, "198.51.100.21");
    const title = "Slow create";
    const held = holdEthCalls();
    const first = create(survivor, session, "slow-create", title);
    await reachedOrAnswered(held.reached, first);
    const claimedLease = (await keyRow("slow-create")).leaseUntil!.getTime();
    // Past the first lease's end: only the running attempt's renewals keep the key.
    await new Promise((resolve) => setTimeout(resolve, idempotencyLeaseMs + 2000));
    expect((await keyRow("slow-create")).leaseUntil!.getTime()).toBeGreaterThan(claimedLease);
    const retry = await create(survivor, session, "slow-create", title);
    expect(retry.status).toBe(409);
    held.release();
    const answered = await first;
    expect(answered.status).toBe(200);
    const id = ((await answered.json()) as { content: { id: number } }).content.id;
    expect((await draftsTitled(title)).map((row) => row.id)).toEqual([id]);
    expect(await keyRow("slow-create")).toMatchObject({ statusCode: 200, leaseUntil: null });
  }, 120_000);
});
