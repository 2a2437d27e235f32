// A 1,000,000-line airdrop through the real API on PGlite (issue: "Lists of 1,000,000 lines work"; "a claim's
// proof is served by an indexed read"): upload the list (lists over 20,000 lines are staged, answered 202 and
// imported by the job handler the worker runs, called here in-process), prepare the reward (amounts, Merkle tree, nodes
// stored), read proofs, download the claims list. Only token metadata (symbol, decimals) comes from a stub
// chain client, since no chain runs here; the API, database and Merkle code are the real ones. Run: `node --import tsx bench/airdrop-list.ts [lines]` (PGlite), or with BENCH_DATABASE_URL set to
// an empty PostgreSQL database; prints one JSON line.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDatabase, openDatabase } from "@dropfair/db";
import type { PublicClient } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { buildApp } from "../apps/api/src/app.ts";
import { handleParticipantImportJob } from "../apps/api/src/modules/airdrop/index.ts";
import { parseConfig } from "../apps/api/src/platform/config.ts";
import { platformConfigFrom } from "../apps/api/src/platform/platform-config.ts";

/** Required outside sandbox mode; the benchmarks never send mail. */
const benchNewsletterSecret = "bench-newsletter-secret-0123456789abcdef";

const lines = Number(process.argv[2] ?? 1_000_000);
const chainId = 31337;
const token = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
const dataDir = mkdtempSync(join(tmpdir(), "dropfair-bench-airdrop-"));
const config = parseConfig({
  LOG_LEVEL: "warn",
  NEWSLETTER_SECRET: benchNewsletterSecret,
  DATA_DIR: dataDir,
  RATE_LIMIT_PER_MINUTE: "100000000",
  AIRDROP_DISTRIBUTOR_ADDRESSES: `${chainId}:0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9`,
});
const databaseUrl = process.env.BENCH_DATABASE_URL;
const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
await migrateDatabase(database);
const tokenMetadata = {
  readContract: async ({ functionName }: { functionName: string }) =>
    functionName === "decimals" ? 18 : "DFT",
} as unknown as PublicClient;
const queuedImports: number[] = [];
const app = await buildApp({
  config,
  database,
  platform: platformConfigFrom(config),
  chainClient: (id) => (id === chainId ? tokenMetadata : undefined),
  airdropImports: {
    enqueue: async (importId) => {
      queuedImports.push(importId);
    },
  },
});
await app.ready();

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

// Sign in with a fresh key through the real SIWE routes.
const wallet = privateKeyToAccount(generatePrivateKey());
const message = (
  await app.inject({ url: `/api/reg/Authentication/signMsg/Dropfair/${wallet.address}` })
).json().content as string;
const login = await app.inject({
  method: "PUT",
  url: `/api/reg/Authentication/login/Dropfair/${wallet.address}`,
  payload: { signature: await wallet.signMessage({ message }) },
});
const headers = { authorization: `Bearer ${login.json().content.token}` };

const start = new Date();
start.setUTCSeconds(0, 0);
const draft = await app.inject({
  method: "POST",
  url: "/api/bounty/airdrop",
  headers,
  payload: {
    title: "Bench",
    startAt: start.toISOString(),
    endAt: new Date(start.getTime() + 86_400_000).toISOString(),
    chainId,
    tokenAddress: token,
    totalAmount: "1000000",
  },
});
const id = draft.json().content.id as number;
if (!id) throw new Error(`create failed: ${draft.body}`);

// Deterministic lower-case addresses with weights 1–3.
let state = 0x2545f491;
const next = () => {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0).toString(16).padStart(8, "0");
};
const text = Array.from(
  { length: lines },
  (_, line) => `0x${next()}${next()}${next()}${next()}${next()},${1 + (line % 3)}`,
).join("\n");

const upload = await timed(() =>
  app.inject({
    method: "PUT",
    url: `/api/bounty/airdrop/${id}/participants`,
    headers: { ...headers, "content-type": "text/csv" },
    payload: text,
  }),
);
// A long list answers 202: the import job checks and stores it (as the worker would), then its report is read.
let report = upload.value.json().content;
let importMs = 0;
if (upload.value.statusCode === 202) {
  const importId = queuedImports.shift();
  if (importId === undefined) throw new Error("no import queued");
  const run = await timed(() =>
    handleParticipantImportJob(app.airdrop, { data: { importId }, retryCount: 0, retryLimit: 0 }, app.log),
  );
  importMs = run.ms;
  const status = await app.inject({ url: `/api/bounty/airdrop/${id}/participants/import`, headers });
  report = status.json().content.report;
  if (!report) throw new Error(`import failed: ${status.body}`);
}
const prepare = await timed(() =>
  app.inject({ method: "POST", url: `/api/bounty/airdrop/${id}/prepare`, headers }),
);
if (prepare.value.json().typeCode !== 1) throw new Error(`prepare failed: ${prepare.value.body}`);
const root = prepare.value.json().content.merkleRoot as string;

// Proof reads need a released airdrop; mark it released directly (funding is on chain, out of this bench).
await database.db.execute(
  `update airdrops set released_at = now(), campaign_id = 1 where id = ${id}` as never,
);
const accounts = text.split("\n", 2000).map((line) => line.split(",")[0]);
const proofTimes: number[] = [];
for (let read = 0; read < 200; read++) {
  const account = accounts[(read * 7919) % accounts.length];
  const { ms, value } = await timed(() =>
    app.inject({ url: `/api/bounty/airdrop/${id}/claim?account=${account}`, headers }),
  );
  if (!value.json().content.proof) throw new Error(`no proof for ${account}`);
  proofTimes.push(ms);
}
proofTimes.sort((a, b) => a - b);
const download = await timed(() => app.inject({ url: `/api/bounty/airdrop/${id}/claims-list`, headers }));
clearInterval(sampler);

console.log(
  JSON.stringify({
    lines,
    database: database.kind,
    megabytes: Buffer.byteLength(text) / 1e6,
    accepted: report.accepted,
    uploadMs: upload.ms,
    importMs,
    prepareMs: prepare.ms,
    root,
    proofMedianMs: proofTimes[Math.floor(proofTimes.length / 2)],
    proofP99Ms: proofTimes[Math.floor(proofTimes.length * 0.99)],
    claimsListMs: download.ms,
    claimsListMegabytes: download.value.rawPayload.length / 1e6,
    peakRssMb: peakRss / 2 ** 20,
  }),
);
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
