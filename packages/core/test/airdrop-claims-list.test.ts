import fc from "fast-check";
import { type Address, bytesToHex, getAddress } from "viem";
import { afterEach, describe, expect, it } from "vitest";
import {
  type AirdropClaim,
  ClaimsListLineError,
  formatClaimsList,
  InvalidClaimError,
  parseClaimsList,
} from "../src/airdrop/index.ts";
import { setKeccakWasmEnabled } from "../src/fairness/keccak-wasm.ts";
import { messageKeys } from "../src/messages.ts";

afterEach(() => {
  setKeccakWasmEnabled(true);
});

// EIP-55's own examples.
const alice = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const bob = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";
const carol = "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB";

const maxUint256 = (1n << 256n) - 1n;
const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => bytesToHex(bytes) as Address);
const uint256 = fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.bigInt({ min: 0n, max: maxUint256 }));
const claimLists = fc.uniqueArray(fc.record({ index: uint256, account: address, amount: uint256 }), {
  maxLength: 100,
  selector: (claim) => claim.index,
});

function lineError(text: string): ClaimsListLineError {
  try {
    parseClaimsList(text);
  } catch (error) {
    if (error instanceof ClaimsListLineError) return error;
    throw error;
  }
  throw new Error("parseClaimsList accepted the text");
}

describe("formatClaimsList", () => {
  it("writes index,checksummed account,amount lines, each ending in a newline", () => {
    const claims: AirdropClaim[] = [
      { index: 0n, account: alice.toLowerCase() as Address, amount: 1_000_000_000_000_000_000n },
      { index: 7n, account: bob, amount: 0n },
      { index: maxUint256, account: carol.toUpperCase().replace("0X", "0x") as Address, amount: maxUint256 },
    ];
    expect(formatClaimsList(claims)).toBe(
      `0,${alice},1000000000000000000\n7,${bob},0\n${maxUint256},${carol},${maxUint256}\n`,
    );
    expect(formatClaimsList([])).toBe("");
  });

  it.each([
    ["a repeated index", [0n, 0n], alice, /claim 1: duplicate index 0/],
    ["a wrong checksum", [0n], alice.replace("a", "A"), /claim 0: account .* fails its EIP-55 checksum/],
    ["a short account", [0n], "0x1234", /claim 0: account 0x1234 is not 0x and 40 hex digits/],
  ])("rejects %s", (_, indexes, account, message) => {
    const claims = indexes.map((index) => ({ index, account: account as Address, amount: 1n }));
    expect(() => formatClaimsList(claims)).toThrow(InvalidClaimError);
    expect(() => formatClaimsList(claims)).toThrow(message);
  });

  it("rejects amounts outside uint256", () => {
    expect(() => formatClaimsList([{ index: 0n, account: alice, amount: -1n }])).toThrow(/amount must be/);
  });
});

describe("parseClaimsList", () => {
  it("round-trips any list, accounts checksummed as viem does", () => {
    fc.assert(
      fc.property(claimLists, (claims) => {
        const text = formatClaimsList(claims);
        expect(parseClaimsList(text)).toEqual(
          claims.map((claim) => ({ ...claim, account: getAddress(claim.account) })),
        );
      }),
      { numRuns: 150 },
    );
  });

  it("gives the same accounts through the viem fallback", () => {
    const text = `1,${alice.toLowerCase()},5\n2,${bob},6\n`;
    const withWasm = parseClaimsList(text);
    setKeccakWasmEnabled(false);
    expect(parseClaimsList(text)).toEqual(withWasm);
  });

  it("reads CRLF, blank lines, spaces, a byte order mark and a missing final newline", () => {
    const text = `\uFEFF\r\n 1 , ${alice.toLowerCase()} , 10 \r\n\r\n2,${bob.slice(2).toUpperCase().replace(/^/, "0x")},20\t\n   \n3,${carol},30`;
    expect(parseClaimsList(text)).toEqual([
      { index: 1n, account: alice, amount: 10n },
      { index: 2n, account: bob, amount: 20n },
      { index: 3n, account: carol, amount: 30n },
    ]);
    expect(parseClaimsList("")).toEqual([]);
    expect(parseClaimsList("\n\n")).toEqual([]);
  });

  it.each([
    ["a header line", `index,account,amount\n1,${alice},1\n`, 1, 'index "index" is not a decimal integer'],
    ["too few fields", `1,${alice},1\n\n2,${bob}\n`, 3, "expected index,account,amount, got 2 fields"],
    ["too many fields", `1,${alice},1,4\n`, 1, "expected index,account,amount, got 4 fields"],
    ["an address alone", `${alice}\n`, 1, "expected index,account,amount, got 1 fields"],
    ["a negative index", `-1,${alice},1\n`, 1, 'index "-1" is not a decimal integer'],
    ["a hex index", `0x10,${alice},1\n`, 1, 'index "0x10" is not a decimal integer'],
    ["an empty amount", `1,${alice},\n`, 1, 'amount "" is not a decimal integer'],
    ["a decimal amount", `1,${alice},1.5\n`, 1, 'amount "1.5" is not a decimal integer'],
    [
      "an amount of 2^256",
      `1,${alice},${maxUint256 + 1n}\n`,
      1,
      `amount ${maxUint256 + 1n} is larger than 2^256 - 1`,
    ],
    ["a short account", "1,0x1234,1\n", 1, 'account "0x1234" is not 0x and 40 hex digits'],
    ["an account without 0x", `1,${alice.slice(2)},1\n`, 1, "is not 0x and 40 hex digits"],
    ["a wrong checksum", `1,${alice},1\n2,${bob.replace("B", "b")},1\n`, 2, "fails its EIP-55 checksum"],
    ["a repeated index", `4,${alice},1\n\n5,${bob},1\n4,${carol},2\n`, 4, "index 4 is already on line 1"],
  ])("names the line of %s", (_, text, line, reason) => {
    const error = lineError(text);
    expect(error.line).toBe(line);
    expect(error.reason).toContain(reason);
    expect(error.message).toBe(`line ${line}: ${error.reason}`);
    expect(error.messageKey).toBe(messageKeys.csv.wrongLines);
  });

  it("reports the first bad line when a bad checksum comes before a malformed line", () => {
    const error = lineError(`1,${alice},1\n2,${bob.replace("B", "b")},1\n3,${carol}\n`);
    expect(error.line).toBe(2);
    expect(lineError(`1,${alice},1\n2,${bob}\n3,${carol.replace("F", "f")},1\n`).line).toBe(2);
  });
});
