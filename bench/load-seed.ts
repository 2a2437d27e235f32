// The rest of bench/load.mjs's data, after bench/airdrop-list.ts has put its 1,000,000-claim airdrop in the same
// PostgreSQL database: one completed picker with ENTRANTS entrants (COPY through psql, each row with its real
// entry hash, ten of them winners of one draw) and AIRDROPS more released airdrops for the list route (by the same
// creator, one INSERT … SELECT), a fifth of them and the big one with a 64 KB token logo. Prints one JSON line: the picker's id, the big airdrop's id and a sample of its
// claim accounts spread over the whole list. Run: `BENCH_DATABASE_URL=… node --import tsx bench/load-seed.ts
// [entrants] [airdrops]`.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { entryHash } from "@dropfair/core/fairness";
import { pickerStatus } from "@dropfair/core/picker";
import { openDatabase, pickerDraws, pickers, sql } from "@dropfair/db";

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error("BENCH_DATABASE_URL is required");
const entrants = Number(process.argv[2] ?? 1_000_000);
const extraAirdrops = Number(process.argv[3] ?? 2_000);
const winners = 10;
const postId = "1790000000000000001";
const database = await openDatabase({ databaseUrl });
const { db } = database;

const [picker] = await db
  .insert(pickers)
  .values({
    seed: "LOADBENCH",
    ownerXUserId: "1000001",
    ownerUsername: "loadbench",
    creatorXUserId: "1000001",
    postId,
    postUrl: `https://x.com/loadbench/status/${postId}`,
    postText: "Repost to enter: 10 winners",
    winnerCount: winners,
    rewardText: "10 DFT each",
    requireRetweet: true,
    requireReply: false,
    infoType: "evm",
    infoName: "Wallet",
    status: pickerStatus.completed,
    entryCount: entrants,
    eligibleCount: entrants,
    drawCount: 1,
  })
  .returning({ id: pickers.id });
if (!picker) throw new Error("picker insert failed");

// COPY the entrants: x user ids 2000000000 + n, every tenth quoted, the first ten ranked winners.
const copy = spawn(
  "psql",
  [
    databaseUrl,
    "-v",
    "ON_ERROR_STOP=1",
    "-c",
    "\\copy picker_entries (picker_id, x_user_id, username, name, profile, retweeted, quoted, replied, entry_hash, rank, role) from stdin with (format csv)",
  ],
  { stdio: ["pipe", "ignore", "inherit"] },
);
const profile = '"{""verified"":false,""public_metrics"":{""followers_count"":12,""tweet_count"":340}}"';
let batch: string[] = [];
for (let n = 0; n < entrants; n++) {
  const userId = String(2_000_000_000 + n);
  const winner = n < winners;
  batch.push(
    `${picker.id},${userId},user${n},User ${n},${profile},t,${n % 10 === 0 ? "t" : "f"},f,${entryHash(postId, userId)},${winner ? n + 1 : ""},${winner ? "winner" : ""}\n`,
  );
  if (batch.length === 10_000 || n === entrants - 1) {
    if (!copy.stdin.write(batch.join(""))) await once(copy.stdin, "drain");
    batch = [];
  }
}
copy.stdin.end();
const [code] = await once(copy, "exit");
if (code !== 0) throw new Error(`psql \\copy exited with ${code}`);

await db.insert(pickerDraws).values({
  pickerId: picker.id,
  count: 1,
  kind: "draw",
  commitment: `0x${"ab".repeat(32)}`,
  entryCount: entrants,
  winnerCount: winners,
  chainId: 1,
  targetBlock: 21_000_000n,
  headAtCommit: 20_999_990n,
  blockHash: `0x${"cd".repeat(32)}`,
  status: "drawn",
  actorXUserId: "1000001",
  ownerXUserId: "1000001",
  drawnAt: new Date(),
});

// The big airdrop is the one bench/airdrop-list.ts left released; the others copy its creator and token.
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const [airdrop] = rowsOf<{ id: number; creator_user_id: number }>(
  await db.execute(
    sql`select id::int, creator_user_id::int from airdrops order by participant_count desc limit 1`,
  ),
);
if (!airdrop) throw new Error("no airdrop: run bench/airdrop-list.ts on this database first");
await db.execute(sql`
  insert into airdrops (creator_user_id, creator_address, title, description, start_at, end_at, reward_type,
    chain_id, token_address, token_symbol, token_decimals, total_amount, id_type, mode, participant_count,
    total_weight, released_at)
  select a.creator_user_id, a.creator_address, 'Load bench airdrop ' || n, 'One of the list route''s airdrops',
    now() - interval '1 day', now() + (n % 30 + 1) * interval '1 day', 'token', a.chain_id, a.token_address,
    a.token_symbol, a.token_decimals, 1000, 'wallet', 'all', 100, 100, now() - n * interval '1 minute'
  from airdrops a, generate_series(1, ${extraAirdrops}) as n
  where a.id = ${airdrop.id}`);
// A custom token logo (64 KB of PNG-signed, incompressible bytes; the API accepts up to 1 MB) on the big airdrop
// and on every fifth of the others, as creators upload them.
await db.execute(sql`
  with logo as (
    select decode('89504e470d0a1a0a', 'hex') || string_agg(decode(md5(g::text), 'hex'), ''::bytea) as bytes
    from generate_series(1, 4095) as g)
  update airdrops set token_logo = logo.bytes, token_logo_type = 'image/png'
  from logo where airdrops.id = ${airdrop.id} or airdrops.id % 5 = 0`);
await db.execute(sql`analyze`);

// Every 200th claim: 5,000 accounts from the whole list, so proof reads are not one cached row.
const sample = rowsOf<{ account: string }>(
  await db.execute(
    sql`select account from airdrop_participants where airdrop_id = ${airdrop.id} and position % 200 = 7
        order by position`,
  ),
);
console.log(
  JSON.stringify({
    pickerId: picker.id,
    airdropId: airdrop.id,
    accounts: sample.map((row) => row.account),
  }),
);
await database.close();
