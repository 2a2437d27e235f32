// Approval events as they appear in logs, read into typed records, and merged into the latest state per
// allowance: the candidates a scanner then confirms against the chain's current state.
import { type Address, getAddress, type Hex, hexToBigInt, maxUint160, maxUint256 } from "viem";

export const approvalTopics = {
  /** `Approval(address,address,uint256)`: ERC-20 (3 topics) and ERC-721 single-token (4 topics). */
  approval: "0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925",
  /** `ApprovalForAll(address,address,bool)`: ERC-721 and ERC-1155 operators. */
  approvalForAll: "0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31",
  /** Permit2 `Approval(address,address,address,uint160,uint48)`. */
  permit2Approval: "0xda9fa7c1b00402c17d0161b249b1ab8bbec047c5a52207b9c112deffd817036b",
  /** Permit2 `Permit(address,address,address,uint160,uint48,uint48)`. */
  permit2Permit: "0xc6a377bfc4eb120024a8ac08eef205be16b817020812c73223e81d1bdb9708ec",
  /** Permit2 `Lockdown(address,address,address)`. */
  permit2Lockdown: "0x89b1add15eff56b3dfe299ad94e01f2b52fbcb80ae1a3baea6ae8c04cb2b98a4",
} as const satisfies Record<string, Hex>;

export type ApprovalKind = "erc20" | "erc721" | "operator" | "permit2";

/** Where an event sits in the chain: later events win. */
export interface EventPosition {
  blockNumber: bigint;
  logIndex: number;
}

interface EventBase extends EventPosition {
  /** The contract that emitted the event: the token, or Permit2 for Permit2 events. */
  emitter: Address;
}

export type ApprovalEvent =
  | (EventBase & { kind: "erc20"; token: Address; spender: Address; amount: bigint })
  | (EventBase & { kind: "erc721"; token: Address; spender: Address; tokenId: bigint })
  | (EventBase & { kind: "operator"; token: Address; spender: Address; approved: boolean })
  | (EventBase & { kind: "permit2"; token: Address; spender: Address; amount: bigint; expiration: number });

/** A raw log as eth_getLogs returns it (viem's Log has these fields). */
export interface RawLog {
  address: string;
  topics: readonly Hex[];
  data: Hex;
  blockNumber: bigint | null;
  logIndex: number | null;
}

function topicAddress(topic: Hex | undefined): Address {
  if (topic?.length !== 66) throw new Error(`not an address topic: ${topic}`);
  return getAddress(`0x${topic.slice(26)}`);
}

function dataWord(data: Hex, index: number): bigint {
  const word = data.slice(2 + index * 64, 2 + (index + 1) * 64);
  if (word.length !== 64) throw new Error(`log data has no word ${index}`);
  return hexToBigInt(`0x${word}`);
}

/**
 * The approval a log records, or undefined for a log that is not one of ours or is malformed (a token may emit
 * anything under these topics; a bad log is skipped, never trusted).
 */
export function decodeApprovalLog(log: RawLog): ApprovalEvent | undefined {
  if (log.blockNumber === null || log.logIndex === null) return undefined;
  const base = { emitter: getAddress(log.address), blockNumber: log.blockNumber, logIndex: log.logIndex };
  const [topic0, , topic2, topic3] = log.topics;
  try {
    switch (topic0) {
      case approvalTopics.approval:
        if (log.topics.length === 4) {
          return {
            ...base,
            kind: "erc721",
            token: base.emitter,
            spender: topicAddress(topic2),
            tokenId: hexToBigInt(topic3!),
          };
        }
        if (log.topics.length !== 3) return undefined;
        return {
          ...base,
          kind: "erc20",
          token: base.emitter,
          spender: topicAddress(topic2),
          amount: dataWord(log.data, 0),
        };
      case approvalTopics.approvalForAll:
        if (log.topics.length !== 3) return undefined;
        return {
          ...base,
          kind: "operator",
          token: base.emitter,
          spender: topicAddress(topic2),
          approved: dataWord(log.data, 0) !== 0n,
        };
      case approvalTopics.permit2Approval:
      case approvalTopics.permit2Permit:
        if (log.topics.length !== 4) return undefined;
        return {
          ...base,
          kind: "permit2",
          token: topicAddress(topic2),
          spender: topicAddress(topic3),
          amount: dataWord(log.data, 0),
          expiration: Number(dataWord(log.data, 1)),
        };
      case approvalTopics.permit2Lockdown:
        if (log.topics.length !== 2) return undefined;
        return {
          ...base,
          kind: "permit2",
          token: getAddress(`0x${dataWordHex(log.data, 0).slice(24)}`),
          spender: getAddress(`0x${dataWordHex(log.data, 1).slice(24)}`),
          amount: 0n,
          expiration: 0,
        };
      default:
        return undefined;
    }
  } catch {
    return undefined;
  }
}

function dataWordHex(data: Hex, index: number): string {
  const word = data.slice(2 + index * 64, 2 + (index + 1) * 64);
  if (word.length !== 64) throw new Error(`log data has no word ${index}`);
  return word;
}

/** The key one allowance is known by: a later event with the same key replaces an earlier one. */
export function allowanceKey(event: ApprovalEvent): string {
  const token = event.token.toLowerCase();
  switch (event.kind) {
    case "erc20":
      return `erc20:${token}:${event.spender.toLowerCase()}`;
    case "erc721":
      return `erc721:${token}:${event.tokenId}`;
    case "operator":
      return `operator:${token}:${event.spender.toLowerCase()}`;
    case "permit2":
      return `permit2:${event.emitter.toLowerCase()}:${token}:${event.spender.toLowerCase()}`;
  }
}

function isLater(left: EventPosition, right: EventPosition): boolean {
  return left.blockNumber !== right.blockNumber
    ? left.blockNumber > right.blockNumber
    : left.logIndex > right.logIndex;
}

/** Whether the event itself says nothing is allowed any more (zero amount, no approved address, operator off). */
function isRevocation(event: ApprovalEvent, nowSeconds: number): boolean {
  switch (event.kind) {
    case "erc20":
      return event.amount === 0n;
    case "erc721":
      return /^0x0{40}$/i.test(event.spender);
    case "operator":
      return !event.approved;
    case "permit2":
      return event.amount === 0n || event.expiration <= nowSeconds;
  }
}

/**
 * The latest event per allowance, without those whose latest event revoked it: the allowances that may still be
 * live. Order of the input does not matter; the output is newest first.
 */
export function latestApprovals(events: readonly ApprovalEvent[], nowSeconds: number): ApprovalEvent[] {
  const latest = new Map<string, ApprovalEvent>();
  for (const event of events) {
    const key = allowanceKey(event);
    const known = latest.get(key);
    if (!known || isLater(event, known)) latest.set(key, event);
  }
  return [...latest.values()]
    .filter((event) => !isRevocation(event, nowSeconds))
    .sort((left, right) => (isLater(left, right) ? -1 : isLater(right, left) ? 1 : 0));
}

/** Unlimited as wallets and dapps set it: the type's maximum (uint256 for ERC-20, uint160 for Permit2). */
export function isUnlimitedAmount(kind: "erc20" | "permit2", amount: bigint): boolean {
  return kind === "erc20" ? amount >= maxUint256 / 2n : amount >= maxUint160 / 2n;
}
