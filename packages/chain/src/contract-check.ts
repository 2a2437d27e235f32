// The contract checker: what an address is (not a contract, self-destructed, a contract) and, for a contract, the
// facts the safe check rates: bytecode size, EIP-1967 / EIP-1822 proxy with implementation and admin, owner(),
// admin powers in its selectors, ERC-20 facts, and, with an explorer configured, verified source and holder
// concentration. Works over any viem PublicClient.
import {
  type AdminFunction,
  adminFunctions,
  bytecodeSelectors,
  type ContractFacts,
  contractFindings,
  delegatedEoaTarget,
  type Finding,
} from "@dropfair/core/safety";
import {
  type Abi,
  type Address,
  erc20Abi,
  getAddress,
  type Hex,
  type PublicClient,
  parseAbi,
  toFunctionSelector,
} from "viem";
import type { ContractExplorer } from "./explorer.ts";
import { LogScanLimitError, scanLogs } from "./log-scan.ts";

export type { ContractExplorer, ExplorerConfig, ExplorerSource } from "./explorer.ts";
export { etherscanExplorer } from "./explorer.ts";

export type ContractCheck =
  | { status: "notContract"; address: Address; delegatesTo?: Address }
  | { status: "selfDestructed"; address: Address }
  | { status: "contract"; address: Address; facts: ContractFacts; findings: Finding[] };

export interface ContractCheckOptions {
  chainId: number;
  /** An explorer: verified source and its ABI, holder concentration, creation records. */
  explorer?: ContractExplorer;
  /** eth_getLogs requests spent looking for an empty address's history (default 64). */
  historyMaxRequests?: number;
  /** How many top holders count towards concentration (default 10). */
  topHolderCount?: number;
}

/** EIP-1967 slots: keccak256("eip1967.proxy.implementation") - 1 and keccak256("eip1967.proxy.admin") - 1. */
const eip1967ImplementationSlot: Hex = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";
const eip1967AdminSlot: Hex = "0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103";
/** EIP-1822 (UUPS) slot: keccak256("PROXIABLE"). */
const eip1822Slot: Hex = "0xc5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7";

const ownerAbi = parseAbi(["function owner() view returns (address)"]);

function slotAddress(word: Hex | undefined): Address | undefined {
  if (!word || /^0x0*$/.test(word)) return undefined;
  return getAddress(`0x${word.slice(-40)}`);
}

/** Whether an address without code ever ran code: it emitted a log, or the explorer records its creation. */
async function hadCode(
  client: PublicClient,
  address: Address,
  options: ContractCheckOptions,
): Promise<boolean> {
  if (options.explorer?.hasCreation) {
    const created = await options.explorer.hasCreation(options.chainId, address);
    if (created !== undefined) return created;
  }
  let found = false;
  try {
    await scanLogs(client, {
      filter: { address, topics: [] },
      fromBlock: 0n,
      toBlock: await client.getBlockNumber({ cacheTime: 0 }),
      maxRequests: options.historyMaxRequests ?? 64,
      onLogs: (logs) => {
        if (logs.length > 0) found = true;
      },
    });
  } catch (error) {
    // Too long a history to read without an explorer: say what can be proven (no code now).
    if (!(error instanceof LogScanLimitError)) throw error;
  }
  return found;
}

async function readProxy(client: PublicClient, address: Address): Promise<ContractFacts["proxy"]> {
  const [implementation, admin, uups] = await Promise.all([
    client.getStorageAt({ address, slot: eip1967ImplementationSlot }),
    client.getStorageAt({ address, slot: eip1967AdminSlot }),
    client.getStorageAt({ address, slot: eip1822Slot }),
  ]);
  const eip1967 = slotAddress(implementation);
  if (eip1967) {
    const adminAddress = slotAddress(admin);
    return { standard: "eip1967", implementation: eip1967, ...(adminAddress ? { admin: adminAddress } : {}) };
  }
  const proxiable = slotAddress(uups);
  return proxiable ? { standard: "eip1822", implementation: proxiable } : undefined;
}

async function readOwner(client: PublicClient, address: Address): Promise<Address | undefined> {
  try {
    return await client.readContract({ address, abi: ownerAbi, functionName: "owner" });
  } catch {
    return undefined;
  }
}

async function readToken(client: PublicClient, address: Address): Promise<ContractFacts["token"]> {
  try {
    const [name, symbol, decimals, totalSupply] = await Promise.all([
      client.readContract({ address, abi: erc20Abi, functionName: "name" }),
      client.readContract({ address, abi: erc20Abi, functionName: "symbol" }),
      client.readContract({ address, abi: erc20Abi, functionName: "decimals" }),
      client.readContract({ address, abi: erc20Abi, functionName: "totalSupply" }),
    ]);
    return { name, symbol, decimals, totalSupply: totalSupply.toString() };
  } catch {
    return undefined;
  }
}

function abiSelectors(abi: Abi): Hex[] {
  return abi.flatMap((item) => (item.type === "function" ? [toFunctionSelector(item)] : []));
}

/** Checks one address on the client's chain. The address must already be valid (checksummed at the edge). */
export async function checkContract(
  client: PublicClient,
  address: Address,
  options: ContractCheckOptions,
): Promise<ContractCheck> {
  const code = (await client.getCode({ address })) ?? "0x";
  const delegate = delegatedEoaTarget(code);
  if (delegate) return { status: "notContract", address, delegatesTo: getAddress(delegate) };
  if (code === "0x") {
    return (await hadCode(client, address, options))
      ? { status: "selfDestructed", address }
      : { status: "notContract", address };
  }

  const [proxy, owner, token] = await Promise.all([
    readProxy(client, address),
    readOwner(client, address),
    readToken(client, address),
  ]);
  const selectors = new Set(bytecodeSelectors(code));
  if (proxy) {
    const implementationCode = await client.getCode({ address: proxy.implementation as Address });
    for (const selector of bytecodeSelectors(implementationCode ?? "0x")) selectors.add(selector);
  }
  const source = options.explorer ? await options.explorer.source(options.chainId, address) : undefined;
  for (const selector of source?.abi ? abiSelectors(source.abi) : []) selectors.add(selector);
  const powers: AdminFunction[] = adminFunctions(selectors);

  let topHolders: ContractFacts["topHolders"];
  if (token && options.explorer && BigInt(token.totalSupply) > 0n) {
    const count = options.topHolderCount ?? 10;
    const balances = await options.explorer.topHolders(options.chainId, address, count);
    if (balances && balances.length > 0) {
      const held = balances.reduce((sum, balance) => sum + balance, 0n);
      topHolders = {
        count: balances.length,
        shareBasisPoints: Number((held * 10_000n) / BigInt(token.totalSupply)),
      };
    }
  }

  const facts: ContractFacts = {
    bytecodeSize: (code.length - 2) / 2,
    ...(proxy ? { proxy } : {}),
    ...(owner ? { owner } : {}),
    adminFunctions: powers,
    ...(token ? { token } : {}),
    ...(topHolders ? { topHolders } : {}),
    ...(source ? { sourceVerified: source.verified } : {}),
  };
  return { status: "contract", address, facts, findings: contractFindings(facts) };
}
