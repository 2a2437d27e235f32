// Mint vouchers: the platform's signed permission for the signed-in wallet to mint a badge it is eligible for, once
// per period. Concurrent requests for the same mint share one voucher row, so one on-chain nonce.
import { type BadgeRule, mintWindowState, periodKey, ruleProgress } from "@dropfair/core/badges";
import type { MintVoucher } from "@dropfair/schemas/badges";
import type { Address } from "viem";
import { factsOf, statesOf } from "./achievements.ts";
import { catalogueViews } from "./catalogue.ts";
import type { BadgeActor, BadgesDependencies } from "./dependencies.ts";
import { badgeErrors } from "./errors.ts";
import {
  type BadgeWithProgramme,
  findBadge,
  findMint,
  findProgrammeByCode,
  indexerCursor,
  startCursor,
  upsertVoucher,
} from "./repository.ts";

/** A voucher younger than this is answered again as it is; an older one gets a new deadline. */
const renewMarginMs = 5 * 60_000;

/** The indexer starts reading a contract's events at the head when the first voucher for it goes out. */
async function startIndexing(dependencies: BadgesDependencies, chainId: number, contract: Address) {
  if ((await indexerCursor(dependencies.db, chainId, contract)) !== undefined) return;
  const client = dependencies.chainClient(chainId);
  if (!client) throw badgeErrors.chainUnsupported(chainId);
  let head: bigint;
  try {
    head = await client.getBlockNumber();
  } catch (error) {
    throw badgeErrors.chainUnavailable(error);
  }
  await startCursor(dependencies.db, chainId, contract, head);
}

/** Signs the voucher of (badge, wallet, current period), after the checks every mint must pass. */
async function sign(
  dependencies: BadgesDependencies,
  actor: BadgeActor,
  row: BadgeWithProgramme,
): Promise<MintVoucher> {
  const { db, signer, now } = dependencies;
  const contract = dependencies.contracts[row.chainId];
  if (!contract || !dependencies.chainClient(row.chainId)) throw badgeErrors.chainUnsupported(row.chainId);
  if (!signer) throw badgeErrors.signerMissing();
  const at = now();
  const period = periodKey(row.period, at, row.season);
  if (await findMint(db, { badgeId: row.id, address: actor.address, period }))
    throw badgeErrors.alreadyMinted();
  await startIndexing(dependencies, row.chainId, contract);
  const voucherRow = await upsertVoucher(
    db,
    {
      badgeId: row.id,
      userId: actor.userId,
      address: actor.address,
      period,
      chainId: row.chainId,
      contractAddress: contract,
      deadline: new Date(at.getTime() + dependencies.voucherTtlSeconds * 1000),
    },
    new Date(at.getTime() + renewMarginMs),
  );
  const voucher = {
    account: actor.address,
    badgeId: BigInt(row.id),
    soulbound: row.kind === "sbt",
    period: BigInt(period),
    nonce: BigInt(voucherRow.id),
    deadline: BigInt(Math.floor(voucherRow.deadline.getTime() / 1000)),
  };
  const signature = await signer.sign(voucher, row.chainId, contract);
  return {
    badgeId: row.id,
    chainId: row.chainId,
    contractAddress: contract,
    voucher: {
      account: voucher.account,
      badgeId: voucher.badgeId.toString(),
      soulbound: voucher.soulbound,
      period: voucher.period.toString(),
      nonce: voucher.nonce.toString(),
      deadline: voucher.deadline.toString(),
    },
    signature,
  };
}

/** The voucher for one badge: refused when the window is not open, the actor not eligible or already minted. */
export async function issueVoucher(
  dependencies: BadgesDependencies,
  actor: BadgeActor,
  badgeId: number,
): Promise<MintVoucher> {
  const row = await findBadge(dependencies.db, badgeId);
  if (!row) throw badgeErrors.notFound();
  if (mintWindowState(row, dependencies.now()) !== "open") throw badgeErrors.mintClosed();
  const facts = await factsOf(dependencies, actor, [row]);
  if (!ruleProgress(row.rule as BadgeRule, facts, row.id).eligible) throw badgeErrors.notEligible();
  return sign(dependencies, actor, row);
}

/** "Mint all": a voucher for every badge the actor may mint now (of one programme, on one chain); none: refused. */
export async function issueVouchers(
  dependencies: BadgesDependencies,
  actor: BadgeActor,
  filter: { programme?: string | undefined; chainId?: number | undefined },
): Promise<MintVoucher[]> {
  let programmeId: number | undefined;
  if (filter.programme) {
    const programme = await findProgrammeByCode(dependencies.db, filter.programme);
    if (!programme) throw badgeErrors.programmeNotFound(filter.programme);
    programmeId = programme.id;
  }
  const { rows, views } = await catalogueViews(dependencies, programmeId, {
    contracts: dependencies.contracts,
    now: dependencies.now(),
  });
  const { badges } = await statesOf(dependencies, actor, rows, views);
  const mintable = new Set(
    badges
      .filter((badge) => badge.state === "mintable")
      .filter((badge) => filter.chainId === undefined || badge.chainId === filter.chainId)
      .map((badge) => badge.id),
  );
  if (mintable.size === 0) throw badgeErrors.nothingToMint();
  const vouchers: MintVoucher[] = [];
  for (const row of rows) if (mintable.has(row.id)) vouchers.push(await sign(dependencies, actor, row));
  return vouchers;
}
