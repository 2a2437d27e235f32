// Verifies payments from their transaction receipts: memberships paid by ERC-20 transfer, giveaway payouts made
// through our BatchPayout contract, and any other transaction the API records. Pure functions over a viem
// PublicClient; every way of not being sure (unknown hash, not yet mined, RPC down) is a refusal, never a pass.
// Reuse of a transaction hash is the caller's to catch (a unique index on the normalised hash).
import {
  type Address,
  decodeEventLog,
  decodeFunctionData,
  getAddress,
  type Hash,
  type Hex,
  isAddress,
  isHash,
  isHex,
  type Log,
  type PublicClient,
  parseAbi,
  size,
  type TransactionReceipt,
  zeroAddress,
} from "viem";
import { batchPayoutAbi } from "./abis.ts";

export type PaymentVerificationReason =
  /** No transaction with this hash (or not a transaction hash at all). */
  | "not-found"
  /** Known but not mined yet, or mined with fewer confirmations than required. */
  | "pending"
  | "reverted"
  /** The client is connected to another chain than the one the payment is claimed on. */
  | "wrong-chain"
  /** A batch payout that was not a call to our BatchPayout contract. */
  | "wrong-contract"
  | "wrong-token"
  | "wrong-recipient"
  | "wrong-sender"
  /** A batch payout for something else: its BatchPaid event carries another reference. */
  | "wrong-reference"
  | "insufficient-amount"
  /** A batch payout in which an expected recipient got less than its amount, or nothing. */
  | "missing-payment"
  /** The RPC failed or did not answer in time: the payment could not be checked. */
  | "rpc-unavailable";

/** Every reason, for those that word each one (the API's message catalogues). */
export const paymentVerificationReasons = [
  "not-found",
  "pending",
  "reverted",
  "wrong-chain",
  "wrong-contract",
  "wrong-token",
  "wrong-recipient",
  "wrong-sender",
  "wrong-reference",
  "insufficient-amount",
  "missing-payment",
  "rpc-unavailable",
] as const satisfies readonly PaymentVerificationReason[];

const retryableReasons: ReadonlySet<PaymentVerificationReason> = new Set(["pending", "rpc-unavailable"]);

export class PaymentVerificationError extends Error {
  override readonly name = "PaymentVerificationError";
  /** Whether asking again later can succeed (the transaction may still be mined, the RPC may come back). */
  readonly retryable: boolean;

  constructor(
    readonly reason: PaymentVerificationReason,
    /** The normalised hash, when the input was one. */
    readonly txHash: Hash | undefined,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.retryable = retryableReasons.has(reason);
  }
}

interface VerificationOptions {
  client: PublicClient;
  /** The chain the payment is claimed on; the client must be connected to it. */
  chainId: number;
  /** As the user gave it; any letter case. */
  txHash: string;
  /** Blocks including the transaction's own; 1 (the default) accepts any mined transaction. */
  minConfirmations?: number;
  /** For the whole verification, all RPC calls included; then it fails with "rpc-unavailable". */
  timeoutMs?: number;
}

export interface VerifyErc20TransferOptions extends VerificationOptions {
  token: Address;
  to: Address;
  /** In the token's smallest unit; the matching transfers of the transaction are summed. */
  minAmount: bigint;
  /** When given, only transfers from this address count. */
  from?: Address;
}

export interface VerifiedErc20Transfer {
  chainId: number;
  /** Lowercase: the key to store, so the same payment cannot be claimed twice. */
  txHash: Hash;
  /** `from` when given, else the sender of the first matching transfer. */
  payer: Address;
  /** The sum of the matching transfers, at least `minAmount`. */
  amount: bigint;
  blockNumber: bigint;
  /** Unix seconds of the block that includes the transaction. */
  blockTimestamp: bigint;
}

export interface ExpectedPayment {
  to: Address;
  amount: bigint;
}

export interface VerifyBatchPayoutOptions extends VerificationOptions {
  /** Our BatchPayout deployment on this chain. */
  batchPayout: Address;
  token: Address | "native";
  /** Amounts of one recipient listed twice add up; every recipient must have got at least its total. */
  payments: readonly ExpectedPayment[];
  /** bytes32; when given, the batch must carry exactly this reference. */
  reference?: Hex;
}

export interface VerifiedBatchPayout {
  chainId: number;
  txHash: Hash;
  /** Who called BatchPayout, and so whose funds were paid out. */
  payer: Address;
  blockNumber: bigint;
  /** The whole batch, as its BatchPaid event reports it; it can include recipients beyond `payments`. */
  total: bigint;
  reference: Hex;
}

export interface RequireSuccessfulTransactionOptions extends Omit<VerificationOptions, "chainId"> {
  /** When given, the client must be connected to this chain. */
  chainId?: number;
}

export interface SuccessfulTransaction {
  txHash: Hash;
  from: Address;
  /** null for a contract creation. */
  to: Address | null;
  blockNumber: bigint;
}

const defaultTimeoutMs = 15_000;

const transferEventAbi = parseAbi([
  "event Transfer(address indexed from, address indexed to, uint256 value)",
]);

/**
 * The form of a transaction hash to store and compare: lowercase hex. Throws "not-found" for anything that
 * cannot be a transaction hash, since no such transaction exists.
 */
export function normalizeTxHash(txHash: string): Hash {
  const normalized = txHash.trim().toLowerCase();
  if (!isHash(normalized)) {
    throw new PaymentVerificationError("not-found", undefined, `"${txHash}" is not a transaction hash`);
  }
  return normalized;
}

/**
 * Checks that `txHash` is a mined, successful transaction that moved at least `minAmount` of `token` to `to`
 * (from `from`, when given). Membership payments go through this.
 */
export async function verifyErc20Transfer(
  options: VerifyErc20TransferOptions,
): Promise<VerifiedErc20Transfer> {
  const { client, chainId, token, to, minAmount, from } = options;
  requireAddress(token, "token");
  requireAddress(to, "to");
  if (from !== undefined) requireAddress(from, "from");
  if (minAmount <= 0n) throw new RangeError(`minAmount must be positive, not ${minAmount}`);
  requireConfirmations(options.minConfirmations);
  const txHash = normalizeTxHash(options.txHash);

  return withDeadline(txHash, options.timeoutMs, async () => {
    await requireChain(client, chainId, txHash);
    const receipt = await confirmedReceipt(client, txHash, options.minConfirmations);

    const ofToken = tokenTransfers(receipt.logs).filter((transfer) => sameAddress(transfer.token, token));
    const toRecipient = ofToken.filter((transfer) => sameAddress(transfer.to, to));
    const matching = toRecipient.filter((transfer) => from === undefined || sameAddress(transfer.from, from));
    const [first] = matching;
    if (!first) {
      if (toRecipient.length > 0) {
        throw new PaymentVerificationError(
          "wrong-sender",
          txHash,
          `the transfers to ${to} are not from ${from}`,
        );
      }
      if (ofToken.length > 0) {
        throw new PaymentVerificationError("wrong-recipient", txHash, `no transfer of ${token} to ${to}`);
      }
      throw new PaymentVerificationError("wrong-token", txHash, `the transaction moves no ${token} tokens`);
    }
    const amount = matching.reduce((sum, transfer) => sum + transfer.value, 0n);
    if (amount < minAmount) {
      throw new PaymentVerificationError(
        "insufficient-amount",
        txHash,
        `the transaction pays ${amount} to ${to}, less than ${minAmount}`,
      );
    }
    const block = await rpc(txHash, "the block", () => client.getBlock({ blockNumber: receipt.blockNumber }));
    return {
      chainId,
      txHash,
      payer: getAddress(from ?? first.from),
      amount,
      blockNumber: receipt.blockNumber,
      blockTimestamp: block.timestamp,
    };
  });
}

/**
 * Checks that `txHash` is a successful call to our BatchPayout contract, with the expected token and reference,
 * that paid every expected recipient at least its amount. ERC-20 batches are checked against the token's
 * Transfer logs from the payer; native batches against the call's decoded input (the contract sends every
 * listed amount or reverts) and its value.
 */
export async function verifyBatchPayout(options: VerifyBatchPayoutOptions): Promise<VerifiedBatchPayout> {
  const { client, chainId, batchPayout, token, payments, reference } = options;
  requireAddress(batchPayout, "batchPayout");
  if (token !== "native") requireAddress(token, "token");
  if (reference !== undefined && !(isHex(reference) && size(reference) === 32)) {
    throw new TypeError(`reference must be 32 bytes of hex, not ${reference}`);
  }
  if (payments.length === 0) throw new RangeError("payments must list at least one payment");
  for (const payment of payments) {
    requireAddress(payment.to, "payments[].to");
    if (payment.amount <= 0n) throw new RangeError(`the amount for ${payment.to} must be positive`);
  }
  requireConfirmations(options.minConfirmations);
  const expected = totalsByRecipient(payments.map((payment) => [payment.to, payment.amount]));
  const tokenAddress = token === "native" ? zeroAddress : token;
  const txHash = normalizeTxHash(options.txHash);

  return withDeadline(txHash, options.timeoutMs, async () => {
    await requireChain(client, chainId, txHash);
    const receipt = await confirmedReceipt(client, txHash, options.minConfirmations);
    if (!receipt.to || !sameAddress(receipt.to, batchPayout)) {
      throw new PaymentVerificationError(
        "wrong-contract",
        txHash,
        `the transaction calls ${receipt.to ?? "no contract"}, not BatchPayout at ${batchPayout}`,
      );
    }

    const batches = batchPaidEvents(receipt.logs, batchPayout);
    const ofToken = batches.filter((batch) => sameAddress(batch.token, tokenAddress));
    if (ofToken.length === 0) {
      throw new PaymentVerificationError("wrong-token", txHash, `the batch does not pay in ${token}`);
    }
    // A direct call to BatchPayout emits exactly one BatchPaid.
    const batch = ofToken.find(
      (candidate) => reference === undefined || candidate.reference.toLowerCase() === reference.toLowerCase(),
    );
    if (!batch) {
      throw new PaymentVerificationError(
        "wrong-reference",
        txHash,
        `the batch is not for reference ${reference}`,
      );
    }

    let paid: Map<string, bigint>;
    if (token === "native") {
      const transaction = await rpc(txHash, "the transaction", () => client.getTransaction({ hash: txHash }));
      const call = decodeBatchPayoutCall(transaction.input);
      if (call?.functionName !== "payNative" || transaction.value !== batch.total) {
        throw new PaymentVerificationError("wrong-token", txHash, "the transaction is not a native payout");
      }
      const [, recipients, amounts] = call.args;
      paid = totalsByRecipient(recipients.map((recipient, index) => [recipient, amounts[index] ?? 0n]));
    } else {
      const fromPayer = tokenTransfers(receipt.logs).filter(
        (transfer) => sameAddress(transfer.token, token) && sameAddress(transfer.from, batch.payer),
      );
      paid = totalsByRecipient(fromPayer.map((transfer) => [transfer.to, transfer.value]));
    }

    const missing = [...expected]
      .filter(([recipient, amount]) => (paid.get(recipient) ?? 0n) < amount)
      .map(
        ([recipient, amount]) =>
          `${getAddress(recipient)} (expected ${amount}, got ${paid.get(recipient) ?? 0n})`,
      );
    if (missing.length > 0) {
      throw new PaymentVerificationError("missing-payment", txHash, `the batch misses ${missing.join(", ")}`);
    }
    return {
      chainId,
      txHash,
      payer: getAddress(batch.payer),
      blockNumber: receipt.blockNumber,
      total: batch.total,
      reference: batch.reference,
    };
  });
}

/** Checks that `txHash` is a mined, successful transaction (an external payment the API records as given). */
export async function requireSuccessfulTransaction(
  options: RequireSuccessfulTransactionOptions,
): Promise<SuccessfulTransaction> {
  const { client, chainId } = options;
  requireConfirmations(options.minConfirmations);
  const txHash = normalizeTxHash(options.txHash);
  return withDeadline(txHash, options.timeoutMs, async () => {
    if (chainId !== undefined) await requireChain(client, chainId, txHash);
    const receipt = await confirmedReceipt(client, txHash, options.minConfirmations);
    return {
      txHash,
      from: getAddress(receipt.from),
      to: receipt.to ? getAddress(receipt.to) : null,
      blockNumber: receipt.blockNumber,
    };
  });
}

function requireConfirmations(minConfirmations: number | undefined): void {
  if (minConfirmations === undefined) return;
  if (!(Number.isSafeInteger(minConfirmations) && minConfirmations >= 1)) {
    throw new RangeError(`minConfirmations must be a whole number of at least 1, not ${minConfirmations}`);
  }
}

function requireAddress(value: string, name: string): void {
  if (!isAddress(value, { strict: false })) throw new TypeError(`${name} is not an address: ${value}`);
}

function sameAddress(left: string, right: string): boolean {
  return left.toLowerCase() === right.toLowerCase();
}

/** Sums per recipient, keyed by the lowercase address. */
function totalsByRecipient(entries: readonly (readonly [string, bigint])[]): Map<string, bigint> {
  const totals = new Map<string, bigint>();
  for (const [recipient, amount] of entries) {
    const key = recipient.toLowerCase();
    totals.set(key, (totals.get(key) ?? 0n) + amount);
  }
  return totals;
}

async function withDeadline<T>(
  txHash: Hash,
  timeoutMs = defaultTimeoutMs,
  work: () => Promise<T>,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        new PaymentVerificationError(
          "rpc-unavailable",
          txHash,
          `the RPC did not answer within ${timeoutMs} ms`,
        ),
      );
    }, timeoutMs);
  });
  try {
    return await Promise.race([work(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

function rpcUnavailable(txHash: Hash, what: string, error: unknown): PaymentVerificationError {
  const detail =
    error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : "";
  return new PaymentVerificationError("rpc-unavailable", txHash, `could not read ${what}: ${detail}`, {
    cause: error,
  });
}

/** Any failure of the call is the RPC's: fail closed. */
async function rpc<T>(txHash: Hash, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw rpcUnavailable(txHash, what, error);
  }
}

async function requireChain(client: PublicClient, chainId: number, txHash: Hash): Promise<void> {
  const connected = client.chain?.id ?? (await rpc(txHash, "the chain id", () => client.getChainId()));
  if (connected !== chainId) {
    throw new PaymentVerificationError(
      "wrong-chain",
      txHash,
      `the client is on chain ${connected}, not ${chainId}`,
    );
  }
}

async function confirmedReceipt(
  client: PublicClient,
  txHash: Hash,
  minConfirmations = 1,
): Promise<TransactionReceipt> {
  let receipt: TransactionReceipt;
  try {
    receipt = await client.getTransactionReceipt({ hash: txHash });
  } catch (error) {
    // viem's errors are matched by name: the client may come from another copy of viem than this module.
    if (errorName(error) !== "TransactionReceiptNotFoundError")
      throw rpcUnavailable(txHash, "the receipt", error);
    // No receipt: the transaction is either unknown or waiting to be mined.
    try {
      await client.getTransaction({ hash: txHash });
    } catch (lookupError) {
      if (errorName(lookupError) === "TransactionNotFoundError") {
        throw new PaymentVerificationError("not-found", txHash, `no transaction ${txHash}`, {
          cause: lookupError,
        });
      }
      throw rpcUnavailable(txHash, "the transaction", lookupError);
    }
    throw new PaymentVerificationError("pending", txHash, `transaction ${txHash} is not mined yet`);
  }
  if (receipt.status !== "success") {
    throw new PaymentVerificationError("reverted", txHash, `transaction ${txHash} reverted`);
  }
  if (minConfirmations > 1) {
    const latest = await rpc(txHash, "the block number", () => client.getBlockNumber({ cacheTime: 0 }));
    const confirmations = latest - receipt.blockNumber + 1n;
    if (confirmations < BigInt(minConfirmations)) {
      throw new PaymentVerificationError(
        "pending",
        txHash,
        `transaction ${txHash} has ${confirmations} of ${minConfirmations} confirmations`,
      );
    }
  }
  return receipt;
}

interface TokenTransfer {
  token: Address;
  from: Address;
  to: Address;
  value: bigint;
}

/** ERC-20 Transfer logs. Mints (from the zero address) are not payments and are left out. */
function tokenTransfers(logs: readonly Log[]): TokenTransfer[] {
  return logs.flatMap((log) => {
    // ERC-721 shares the event signature with the token id as a third indexed topic: not an amount.
    if (log.topics.length !== 3) return [];
    try {
      const { args } = decodeEventLog({
        abi: transferEventAbi,
        eventName: "Transfer",
        topics: log.topics,
        data: log.data,
      });
      if (sameAddress(args.from, zeroAddress)) return [];
      return [{ token: log.address, from: args.from, to: args.to, value: args.value }];
    } catch {
      return [];
    }
  });
}

function decodeBatchPayoutCall(input: Hex) {
  try {
    return decodeFunctionData({ abi: batchPayoutAbi, data: input });
  } catch {
    return undefined;
  }
}

interface BatchPaid {
  payer: Address;
  token: Address;
  reference: Hex;
  total: bigint;
}

function batchPaidEvents(logs: readonly Log[], batchPayout: Address): BatchPaid[] {
  return logs.flatMap((log) => {
    if (!sameAddress(log.address, batchPayout)) return [];
    try {
      const { args } = decodeEventLog({
        abi: batchPayoutAbi,
        eventName: "BatchPaid",
        topics: log.topics,
        data: log.data,
      });
      return [{ payer: args.payer, token: args.token, reference: args.paymentReference, total: args.total }];
    } catch {
      return [];
    }
  });
}
