// The SQL of the airdrop module; the chain events and the indexer's cursors are in chain-repository.ts. Locks
// are explicit: a `…ForUpdate` function takes a transaction and locks the rows it returns until that
// transaction ends; every other read takes no lock.
import {
  airdropMerkleChunks,
  airdropParticipants,
  airdrops,
  and,
  type DbWriter,
  eq,
  getTableColumns,
  inArray,
  isNull,
  preparedStatement,
  type SQL,
  sql,
  type Tx,
} from "@dropfair/db";
import type { Address, Hex } from "viem";
import { jsonParameter } from "../../platform/sql.ts";

/**
 * Every column but the token logo. The logo (up to 1 MB) is only ever served by the logo route (`findLogo`);
 * selected with the rest, a list page, a detail or a claim's proof read would fetch and drop it each time.
 */
const { tokenLogo: _tokenLogo, ...airdropColumns } = getTableColumns(airdrops);

export { airdropColumns };

export type AirdropRow = Omit<typeof airdrops.$inferSelect, "tokenLogo">;
export type AirdropValues = Partial<typeof airdrops.$inferInsert>;
export type ParticipantRow = typeof airdropParticipants.$inferSelect;
export type Page = { page: number; pageSize: number };

// Airdrops

/** The airdrop, unless deleted; no lock. Every airdrop read asks this: a prepared statement. */
export async function findAirdrop(db: DbWriter, id: number): Promise<AirdropRow | undefined> {
  const statement = preparedStatement(db, "airdrop_find", (name) =>
    db
      .select(airdropColumns)
      .from(airdrops)
      .where(and(eq(airdrops.id, sql.placeholder("id")), isNull(airdrops.deletedAt)))
      .prepare(name),
  );
  const [row] = await statement.execute({ id });
  return row;
}

/** The token logo's bytes and type, or undefined when the airdrop has none. */
export async function findLogo(
  db: DbWriter,
  id: number,
): Promise<{ contentType: NonNullable<AirdropRow["tokenLogoType"]>; bytes: Buffer } | undefined> {
  const [row] = await db
    .select({ contentType: airdrops.tokenLogoType, bytes: airdrops.tokenLogo })
    .from(airdrops)
    .where(eq(airdrops.id, id));
  return row?.contentType && row.bytes ? { contentType: row.contentType, bytes: row.bytes } : undefined;
}

/** The airdrop, unless deleted, locked: changes to one airdrop happen one after another. */
export async function loadAirdropForUpdate(tx: Tx, id: number): Promise<AirdropRow | undefined> {
  const [row] = await tx
    .select(airdropColumns)
    .from(airdrops)
    .where(and(eq(airdrops.id, id), isNull(airdrops.deletedAt)))
    .for("update");
  return row;
}

/** The airdrop, locked, deleted or not: the chain's events still reach the books of a deleted airdrop. */
export async function loadAirdropBooksForUpdate(tx: Tx, id: number): Promise<AirdropRow | undefined> {
  const [row] = await tx.select(airdropColumns).from(airdrops).where(eq(airdrops.id, id)).for("update");
  return row;
}

export async function insertAirdrop(db: DbWriter, values: typeof airdrops.$inferInsert): Promise<AirdropRow> {
  const [row] = await db.insert(airdrops).values(values).returning(airdropColumns);
  return row!;
}

/** Sets these fields (and `updatedAt`) and returns the row as it is now. */
export async function updateAirdrop(
  db: DbWriter,
  id: number,
  values: AirdropValues & { updatedAt: Date },
): Promise<AirdropRow> {
  const [row] = await db.update(airdrops).set(values).where(eq(airdrops.id, id)).returning(airdropColumns);
  return row!;
}

/** Sets these fields (and `updatedAt`). */
export async function setAirdropFields(
  db: DbWriter,
  id: number,
  values: AirdropValues & { updatedAt: Date },
): Promise<void> {
  await db.update(airdrops).set(values).where(eq(airdrops.id, id));
}

/**
 * Counts one more claim of a Discord-role reward unless an FCFS airdrop has given all its shares;
 * false when none was left.
 */
export async function countRoleClaim(tx: Tx, id: number, at: Date): Promise<boolean> {
  const counted = await tx
    .update(airdrops)
    .set({ claimCount: sql`${airdrops.claimCount} + 1`, updatedAt: at })
    .where(
      and(
        eq(airdrops.id, id),
        sql`(${airdrops.mode} = 'all' or ${airdrops.claimCount} < ${airdrops.shares})`,
      ),
    )
    .returning({ id: airdrops.id });
  return counted.length > 0;
}

export async function uncountRoleClaim(tx: Tx, id: number, at: Date): Promise<void> {
  await tx
    .update(airdrops)
    .set({ claimCount: sql`${airdrops.claimCount} - 1`, updatedAt: at })
    .where(eq(airdrops.id, id));
}

/**
 * The airdrops of this distributor that a transaction's events concern: those linked to its campaigns, and,
 * when it creates campaigns, the prepared unlinked airdrops of those creators (a new campaign may open one).
 */
export async function airdropsOfCampaigns(
  db: DbWriter,
  chainId: number,
  distributor: Address,
  campaignIds: readonly string[],
  creators: readonly string[],
): Promise<number[]> {
  const rows = await db
    .select({ id: airdrops.id })
    .from(airdrops)
    .where(
      and(
        eq(airdrops.chainId, chainId),
        eq(airdrops.distributorAddress, distributor),
        creators.length > 0
          ? sql`(${inArray(airdrops.campaignId, [...campaignIds])} or (${airdrops.campaignId} is null
              and ${airdrops.preparedAt} is not null and ${inArray(airdrops.creatorAddress, creators as Address[])}))`
          : inArray(airdrops.campaignId, [...campaignIds]),
      ),
    );
  return rows.map((row) => row.id);
}

// Participants

export async function findParticipant(
  db: DbWriter,
  airdropId: number,
  account: string,
): Promise<ParticipantRow | undefined> {
  const statement = preparedStatement(db, "airdrop_find_participant", (name) =>
    db
      .select()
      .from(airdropParticipants)
      .where(
        and(
          eq(airdropParticipants.airdropId, sql.placeholder("airdropId")),
          eq(airdropParticipants.account, sql.placeholder("account")),
        ),
      )
      .prepare(name),
  );
  const [participant] = await statement.execute({ airdropId, account });
  return participant;
}

/** What a claim read needs of the airdrop: who may see it, its kind, and what a participant's amount is made of. */
export type ClaimAirdrop = Pick<
  AirdropRow,
  | "id"
  | "creatorUserId"
  | "releasedAt"
  | "rewardType"
  | "idType"
  | "mode"
  | "preparedAt"
  | "merkleRoot"
  | "amountBase"
  | "amountPerShare"
  | "totalWeight"
>;

/** Where the tree's chunks are (merkle.ts): the kinds of node and leaf chunks, and the entries per chunk. */
export type MerkleLayout = { nodeKind: number; leafKind: number; chunkEntries: number };

export type WalletClaimRead = {
  airdrop: ClaimAirdrop;
  participant: Pick<ParticipantRow, "position" | "account" | "weight" | "claimedAt"> | null;
  /** The tree node of the participant's leaf; null when no proof is due or the list has no tree. */
  leaf: number | null;
  /** The proof's sibling nodes, 32 bytes each, leaf side first; null when there are none. */
  proof: Uint8Array | null;
};

/**
 * A wallet list's claim in one prepared statement (every public proof asks it): the airdrop's claim fields (not
 * deleted), the entry of `account` (null: none), and, for an unclaimed entry of a list with a Merkle root, its
 * leaf's tree node and the sibling slices of the node chunks from the leaf up to the root (StandardMerkleTree's
 * layout: node i's parent is (i − 1) / 2; in 1-based numbering m = i + 1, the ancestor k levels up is m >> k
 * and its sibling (m >> k) xor 1). Each slice is a `substring` of a chunk, which PostgreSQL reads from the
 * chunk's TOAST pages alone (docs/architecture.md, "A claim's proof is one statement").
 */
export async function findWalletClaim(
  db: DbWriter,
  airdropId: number,
  account: string | null,
  layout: MerkleLayout,
): Promise<WalletClaimRead | undefined> {
  const entries = sql.placeholder("entries");
  const statement = preparedStatement(db, "airdrop_wallet_claim", (name) =>
    db
      .select({
        airdrop: {
          id: airdrops.id,
          creatorUserId: airdrops.creatorUserId,
          releasedAt: airdrops.releasedAt,
          rewardType: airdrops.rewardType,
          idType: airdrops.idType,
          mode: airdrops.mode,
          preparedAt: airdrops.preparedAt,
          merkleRoot: airdrops.merkleRoot,
          amountBase: airdrops.amountBase,
          amountPerShare: airdrops.amountPerShare,
          totalWeight: airdrops.totalWeight,
        },
        participant: {
          position: airdropParticipants.position,
          account: airdropParticipants.account,
          weight: airdropParticipants.weight,
          claimedAt: airdropParticipants.claimedAt,
        },
        leaf: sql<number | null>`proof.leaf`,
        proof: sql<Uint8Array | null>`proof.siblings`,
      })
      .from(airdrops)
      .leftJoin(
        airdropParticipants,
        and(
          eq(airdropParticipants.airdropId, airdrops.id),
          eq(airdropParticipants.account, sql.placeholder("account")),
        ),
      )
      // `offset 0` keeps PostgreSQL from inlining the leaf's subqueries: inlined, every use of the leaf's node
      // (get_byte four times, each sibling's arithmetic) would read its slice of the chunk again.
      .leftJoin(
        sql`lateral (
          select leaf.node as leaf, (
            select string_agg(substring(nodes.bytes from (up.sibling % ${entries}) * 32 + 1 for 32), ''::bytea
              order by up.level)
            from (
              select level, (((leaf.node + 1) >> level) # 1) - 1 as sibling
              from generate_series(0, 31) as level
              where (leaf.node + 1) >> level > 1
            ) as up
            join ${airdropMerkleChunks} as nodes on nodes.airdrop_id = ${airdrops.id}
              and nodes.kind = ${sql.placeholder("nodeKind")} and nodes.chunk = up.sibling / ${entries}
          ) as siblings
          from (
            select (get_byte(slice.bytes, 0) << 24) | (get_byte(slice.bytes, 1) << 16)
              | (get_byte(slice.bytes, 2) << 8) | get_byte(slice.bytes, 3) as node
            from (
              select substring(leaves.bytes from (${airdropParticipants.position} % ${entries}) * 4 + 1 for 4) as bytes
              from ${airdropMerkleChunks} as leaves
              where leaves.airdrop_id = ${airdrops.id} and leaves.kind = ${sql.placeholder("leafKind")}
                and leaves.chunk = ${airdropParticipants.position} / ${entries}
                and ${airdropParticipants.claimedAt} is null and ${airdrops.merkleRoot} is not null
              offset 0
            ) as slice
            offset 0
          ) as leaf
        ) as proof`,
        sql`true`,
      )
      .where(and(eq(airdrops.id, sql.placeholder("airdropId")), isNull(airdrops.deletedAt)))
      .prepare(name),
  );
  const [found] = await statement.execute({
    airdropId,
    account,
    entries: layout.chunkEntries,
    nodeKind: layout.nodeKind,
    leafKind: layout.leafKind,
  });
  return found;
}

/** A page of the list in list order; `search` matches the account or the label, case-insensitively. */
export async function participantsPage(
  db: DbWriter,
  airdropId: number,
  query: Page & { search?: string | undefined },
): Promise<{ rows: ParticipantRow[]; total: number }> {
  const conditions: SQL[] = [eq(airdropParticipants.airdropId, airdropId)];
  if (query.search) {
    const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(
      sql`(${airdropParticipants.account} like ${pattern} or lower(${airdropParticipants.label}) like ${pattern})`,
    );
  }
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(airdropParticipants)
      .where(where)
      .orderBy(airdropParticipants.position)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(airdropParticipants).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Positions `from` to `from + count − 1` of the list, in list order. */
export async function participantsRange(db: DbWriter, airdropId: number, from: number, count: number) {
  return db
    .select({
      position: airdropParticipants.position,
      account: airdropParticipants.account,
      label: airdropParticipants.label,
      weight: airdropParticipants.weight,
    })
    .from(airdropParticipants)
    .where(
      and(
        eq(airdropParticipants.airdropId, airdropId),
        sql`${airdropParticipants.position} >= ${from} and ${airdropParticipants.position} < ${from + count}`,
      ),
    )
    .orderBy(airdropParticipants.position);
}

/** The whole list in list order: what a wallet list's Merkle tree is built from. */
export async function participantsForTree(tx: Tx, airdropId: number) {
  return tx
    .select({
      position: airdropParticipants.position,
      label: airdropParticipants.label,
      weight: airdropParticipants.weight,
    })
    .from(airdropParticipants)
    .where(eq(airdropParticipants.airdropId, airdropId))
    .orderBy(airdropParticipants.position);
}

/**
 * For an `all` token reward: the smallest weight, and what the shares amountBase × weight ÷ totalWeight,
 * each rounded down, add up to (computed by the database, for lists of a million).
 */
export async function weightedShareTotals(
  tx: Tx,
  airdropId: number,
  amountBase: bigint,
  totalWeight: number,
): Promise<{ smallestWeight: number; sum: bigint }> {
  const [totals] = await tx
    .select({
      smallest: sql<number>`min(${airdropParticipants.weight})`,
      sum: sql<string>`sum(div(${amountBase.toString()}::numeric * ${airdropParticipants.weight}, ${totalWeight}::numeric))::text`,
    })
    .from(airdropParticipants)
    .where(eq(airdropParticipants.airdropId, airdropId));
  return { smallestWeight: totals?.smallest ?? 0, sum: BigInt(totals?.sum ?? "0") };
}

export async function deleteParticipants(tx: Tx, airdropId: number): Promise<void> {
  await tx.delete(airdropParticipants).where(eq(airdropParticipants.airdropId, airdropId));
}

const insertChunk = 20_000;

/**
 * Inserts the list at positions 0…n−1 in the given order (the old list deleted first by the caller), 20,000
 * rows per statement; `afterChunk` hears how many are in after each.
 */
export async function insertParticipants(
  tx: Tx,
  airdropId: number,
  participants: readonly { account: string; label: string; weight: number }[],
  afterChunk?: (inserted: number) => Promise<void>,
): Promise<void> {
  for (let start = 0; start < participants.length; start += insertChunk) {
    const rows = participants.slice(start, start + insertChunk).map((participant, offset) => ({
      p: start + offset,
      a: participant.account,
      l: participant.label,
      w: participant.weight,
    }));
    await tx.execute(sql`
      insert into airdrop_participants (airdrop_id, position, account, label, weight)
      select ${airdropId}, r.p, r.a, r.l, r.w
      from jsonb_to_recordset(${jsonParameter(rows)}) as r(p integer, a text, l text, w integer)`);
    await afterChunk?.(start + rows.length);
  }
}

/** Binds a social participant to the wallet claiming, unless bound already (the first wallet keeps it). */
export async function bindParticipant(
  db: DbWriter,
  airdropId: number,
  position: number,
  address: Address,
): Promise<void> {
  await db
    .update(airdropParticipants)
    .set({ boundAddress: address })
    .where(
      and(
        eq(airdropParticipants.airdropId, airdropId),
        eq(airdropParticipants.position, position),
        isNull(airdropParticipants.boundAddress),
      ),
    );
}

/** A claim the chain recorded. */
export async function markParticipantClaimed(
  tx: Tx,
  airdropId: number,
  position: number,
  claim: { by: Address; txHash: Hex; at: Date },
): Promise<void> {
  await tx
    .update(airdropParticipants)
    .set({ claimedAt: claim.at, claimedBy: claim.by, claimTxHash: claim.txHash })
    .where(and(eq(airdropParticipants.airdropId, airdropId), eq(airdropParticipants.position, position)));
}

/** Records a Discord-role claim for this wallet (binding it) unless it is claimed already; false then. */
export async function reserveRoleClaim(
  tx: Tx,
  airdropId: number,
  position: number,
  address: Address,
  at: Date,
): Promise<boolean> {
  const [taken] = await tx
    .update(airdropParticipants)
    .set({ claimedAt: at, claimedBy: address, boundAddress: address })
    .where(
      and(
        eq(airdropParticipants.airdropId, airdropId),
        eq(airdropParticipants.position, position),
        isNull(airdropParticipants.claimedAt),
      ),
    )
    .returning({ position: airdropParticipants.position });
  return taken !== undefined;
}

/** Takes back a Discord-role claim whose grant failed (the binding stays). */
export async function releaseRoleClaim(tx: Tx, airdropId: number, position: number): Promise<void> {
  await tx
    .update(airdropParticipants)
    .set({ claimedAt: null, claimedBy: null })
    .where(and(eq(airdropParticipants.airdropId, airdropId), eq(airdropParticipants.position, position)));
}

// Merkle tree chunks (see merkle.ts for their layout)

export type MerkleChunk = { kind: number; chunk: number; bytes: Buffer };
const merkleInsertBatch = 64;

export async function deleteMerkleChunks(tx: Tx, airdropId: number): Promise<void> {
  await tx.delete(airdropMerkleChunks).where(eq(airdropMerkleChunks.airdropId, airdropId));
}

/** Replaces the airdrop's chunks with these. */
export async function replaceMerkleChunks(
  tx: Tx,
  airdropId: number,
  chunks: readonly MerkleChunk[],
): Promise<void> {
  await deleteMerkleChunks(tx, airdropId);
  for (let start = 0; start < chunks.length; start += merkleInsertBatch) {
    await tx
      .insert(airdropMerkleChunks)
      .values(chunks.slice(start, start + merkleInsertBatch).map((chunk) => ({ airdropId, ...chunk })));
  }
}

/** Released airdrops the user created, and claims paid to the wallet (for other modules' rules: badges). */
export async function airdropActivityOf(
  db: DbWriter,
  who: { userId: number; address: string },
): Promise<{ created: number; claimed: number }> {
  const [created, claimed] = await Promise.all([
    db
      .select({ total: sql<string>`count(*)` })
      .from(airdrops)
      .where(sql`${airdrops.creatorUserId} = ${who.userId} and ${airdrops.releasedAt} is not null
        and ${airdrops.deletedAt} is null`),
    db
      .select({ total: sql<string>`count(*)` })
      .from(airdropParticipants)
      .where(sql`${airdropParticipants.claimedBy} = ${who.address.toLowerCase()}`),
  ]);
  return { created: Number(created[0]?.total ?? 0), claimed: Number(claimed[0]?.total ?? 0) };
}
