// The contract checker's verdicts: facts read from the chain (and an explorer, when one is configured) turned into
// findings, each with a severity and the parameters its plain-language explanation needs.
import type { AdminFunction, AdminPower } from "./bytecode.ts";

export type Severity = "high" | "medium" | "low" | "info";

export type FindingCode =
  | "bytecodeSize"
  | "proxy"
  | "owner"
  | "ownerRenounced"
  | `power.${AdminPower}`
  | "token"
  | "holderConcentration"
  | "sourceVerified"
  | "sourceNotVerified"
  | "sourceUnchecked";

export interface Finding {
  code: FindingCode;
  severity: Severity;
  /** Values the explanation shows (addresses, sizes, amounts as decimal strings, function signatures). */
  params: Record<string, string>;
}

export interface ContractFacts {
  bytecodeSize: number;
  proxy?: { standard: "eip1967" | "eip1822"; implementation: string; admin?: string };
  /** `owner()`'s answer; undefined when the contract has no such function. */
  owner?: string;
  adminFunctions: readonly AdminFunction[];
  token?: { name: string; symbol: string; decimals: number; totalSupply: string };
  /** The largest holders' share of the supply in basis points, with how many holders that counts. */
  topHolders?: { count: number; shareBasisPoints: number };
  /** undefined: no explorer is configured, so it was not checked. */
  sourceVerified?: boolean;
}

const zeroAddress = /^0x0{40}$/i;

const powerSeverity: Record<AdminPower, Severity> = {
  mint: "high",
  blacklist: "high",
  upgrade: "high",
  pause: "medium",
  fee: "medium",
  ownership: "low",
};

const severityOrder: Record<Severity, number> = { high: 0, medium: 1, low: 2, info: 3 };

function holderSeverity(shareBasisPoints: number): Severity {
  if (shareBasisPoints >= 5_000) return "high";
  if (shareBasisPoints >= 2_000) return "medium";
  return "low";
}

/**
 * Findings for a contract, most severe first. A renounced owner (owner() is the zero address) of a contract that is
 * not a proxy cannot use owner-only powers any more, so those drop to low.
 */
export function contractFindings(facts: ContractFacts): Finding[] {
  const findings: Finding[] = [
    { code: "bytecodeSize", severity: "info", params: { bytes: String(facts.bytecodeSize) } },
  ];
  if (facts.proxy) {
    findings.push({
      code: "proxy",
      severity: "high",
      params: {
        standard: facts.proxy.standard,
        implementation: facts.proxy.implementation,
        admin: facts.proxy.admin ?? "",
      },
    });
  }
  const renounced = facts.owner !== undefined && zeroAddress.test(facts.owner) && !facts.proxy;
  if (facts.owner !== undefined) {
    findings.push(
      renounced
        ? { code: "ownerRenounced", severity: "info", params: {} }
        : { code: "owner", severity: "medium", params: { owner: facts.owner } },
    );
  }
  const byPower = new Map<AdminPower, string[]>();
  for (const { power, signature } of facts.adminFunctions) {
    byPower.set(power, [...(byPower.get(power) ?? []), signature]);
  }
  for (const [power, signatures] of byPower) {
    findings.push({
      code: `power.${power}`,
      severity: renounced ? "low" : powerSeverity[power],
      params: { functions: signatures.join(", ") },
    });
  }
  if (facts.token) {
    findings.push({
      code: "token",
      severity: "info",
      params: { ...facts.token, decimals: String(facts.token.decimals) },
    });
  }
  if (facts.topHolders) {
    findings.push({
      code: "holderConcentration",
      severity: holderSeverity(facts.topHolders.shareBasisPoints),
      params: {
        count: String(facts.topHolders.count),
        percent: (facts.topHolders.shareBasisPoints / 100).toFixed(2),
      },
    });
  }
  if (facts.sourceVerified === undefined)
    findings.push({ code: "sourceUnchecked", severity: "info", params: {} });
  else if (facts.sourceVerified) findings.push({ code: "sourceVerified", severity: "info", params: {} });
  else findings.push({ code: "sourceNotVerified", severity: "medium", params: {} });
  // Stable: equal severities keep the order above.
  return findings
    .map((finding, index) => ({ finding, index }))
    .sort(
      (left, right) =>
        severityOrder[left.finding.severity] - severityOrder[right.finding.severity] ||
        left.index - right.index,
    )
    .map(({ finding }) => finding);
}
