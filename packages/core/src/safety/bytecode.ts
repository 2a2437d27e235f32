// What a contract's runtime bytecode reveals without its source: the function selectors its dispatcher compares
// against, and so the admin powers it may expose.
import { type Hex, toFunctionSelector } from "viem";

const push1 = 0x60;
const push4 = 0x63;
const push32 = 0x7f;

/**
 * The 4-byte constants pushed by PUSH4 instructions (how solc and vyper dispatchers compare `msg.sig`), walking
 * the code instruction by instruction so bytes inside other push data are never mistaken for an opcode.
 */
export function bytecodeSelectors(code: Hex): Set<Hex> {
  const bytes = code.startsWith("0x") ? code.slice(2) : code;
  const selectors = new Set<Hex>();
  for (let offset = 0; offset < bytes.length; offset += 2) {
    const opcode = Number.parseInt(bytes.slice(offset, offset + 2), 16);
    if (opcode >= push1 && opcode <= push32) {
      const size = opcode - push1 + 1;
      if (opcode === push4 && offset + 2 + size * 2 <= bytes.length) {
        selectors.add(`0x${bytes.slice(offset + 2, offset + 2 + size * 2).toLowerCase()}` as Hex);
      }
      offset += size * 2;
    }
  }
  return selectors;
}

export type AdminPower = "mint" | "pause" | "blacklist" | "upgrade" | "fee" | "ownership";

/** Signatures of privileged functions common in tokens and proxies, by the power they give their caller. */
const adminSignatures: Record<AdminPower, readonly string[]> = {
  mint: ["mint(address,uint256)", "mint(uint256)", "mintTo(address,uint256)", "issue(uint256)"],
  pause: ["pause()", "unpause()", "setPaused(bool)"],
  blacklist: [
    "blacklist(address)",
    "blacklist(address,bool)",
    "addBlackList(address)",
    "addToBlacklist(address)",
    "setBlacklist(address,bool)",
    "freeze(address)",
    "blockAccount(address)",
  ],
  upgrade: ["upgradeTo(address)", "upgradeToAndCall(address,bytes)", "changeAdmin(address)"],
  fee: [
    "setFee(uint256)",
    "setFees(uint256,uint256)",
    "setTaxFee(uint256)",
    "setBuyFee(uint256)",
    "setSellFee(uint256)",
    "setFeePercent(uint256)",
  ],
  ownership: ["transferOwnership(address)", "renounceOwnership()"],
};

const powerBySelector = new Map<Hex, { power: AdminPower; signature: string }>(
  Object.entries(adminSignatures).flatMap(([power, signatures]) =>
    signatures.map(
      (signature) => [toFunctionSelector(signature), { power: power as AdminPower, signature }] as const,
    ),
  ),
);

export interface AdminFunction {
  power: AdminPower;
  signature: string;
}

/** The privileged functions among `selectors` (from the bytecode or an ABI), in a stable order. */
export function adminFunctions(selectors: Iterable<Hex>): AdminFunction[] {
  const found: AdminFunction[] = [];
  for (const selector of new Set([...selectors].map((value) => value.toLowerCase() as Hex))) {
    const known = powerBySelector.get(selector);
    if (known) found.push(known);
  }
  return found.sort((left, right) => left.signature.localeCompare(right.signature));
}

/** EIP-7702: an EOA that delegates to code carries `0xef0100` and the delegate's 20-byte address, nothing else. */
export function delegatedEoaTarget(code: Hex): Hex | undefined {
  return /^0xef0100[0-9a-fA-F]{40}$/.test(code) ? (`0x${code.slice(8)}` as Hex) : undefined;
}
