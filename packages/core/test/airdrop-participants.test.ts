import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isEvmAddress, toChecksumAddress } from "../src/address.ts";
import {
  type ParticipantAccountType,
  type ParticipantListResult,
  ParticipantListTooLongError,
  parseParticipantList,
} from "../src/airdrop/index.ts";

const checksummed = "0x52908400098527886E0F7030069857D2E4169EE7";
const other = "0xde709f2102306220921060314715629080e2fb77";
const accountTypes: ParticipantAccountType[] = ["wallet", "twitter", "telegram", "discord"];

/** Straightforward reference: split, regexes, viem checksums, a Map of seen keys. */
function reference(text: string, accountType: ParticipantAccountType): ParticipantListResult {
  const result: ParticipantListResult = {
    participants: [],
    wrongLines: [],
    duplicateLines: [],
    totalWeight: 0,
  };
  const seen = new Set<string>();
  const lines = text.replace(/^\uFEFF/, "").split("\n");
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === "") return;
    const parts = line.split(",").map((part) => part.trim());
    const [idText = "", weightText] = parts;
    const weight = weightText === undefined ? 1 : /^[1-9][0-9]*$/.test(weightText) ? Number(weightText) : 0;
    let id: string | undefined;
    let key = "";
    if (accountType === "wallet") {
      if (isEvmAddress(idText)) {
        id = toChecksumAddress(idText);
        key = id.toLowerCase();
      }
    } else if (/^[0-9]{1,20}$/.test(idText) && (accountType !== "discord" || idText.length >= 17)) {
      id = idText;
      key = idText;
    } else if (accountType === "twitter" && /^@?[A-Za-z0-9_]{1,15}$/.test(idText)) {
      id = idText.replace(/^@/, "");
      key = id.toLowerCase();
    } else if (accountType === "telegram" && /^@?[A-Za-z][A-Za-z0-9_]{4,31}$/.test(idText)) {
      id = idText.replace(/^@/, "");
      key = id.toLowerCase();
    } else if (accountType === "discord" && /^[a-z0-9_.]{2,32}$/i.test(idText) && !idText.includes("..")) {
      id = idText.toLowerCase();
      key = id;
    }
    if (parts.length > 2 || weight < 1 || weight > 1_000_000 || id === undefined) {
      result.wrongLines.push(index + 1);
    } else if (seen.has(key)) {
      result.duplicateLines.push(index + 1);
    } else {
      seen.add(key);
      result.participants.push({ line: index + 1, id, weight });
      result.totalWeight += weight;
    }
  });
  return result;
}

describe("parseParticipantList examples", () => {
  it("wallets: checksums, normalises, reports wrong and duplicate lines by file line number", () => {
    const text = [
      checksummed,
      "",
      other.toUpperCase().replace("0X", "0x"),
      "0x52908400098527886e0f7030069857d2e4169ee7",
      "0x52908400098527886E0F7030069857D2E4169Ee7",
      "52908400098527886E0F7030069857D2E4169EE",
      `${other.slice(2)},5`,
      "   ",
      "0x1111111111111111111111111111111111111111, 7 ",
      "0x2222222222222222222222222222222222222222,0",
      "0x3333333333333333333333333333333333333333,1000001",
      "0x4444444444444444444444444444444444444444,1,2",
      "0x5555555555555555555555555555555555555555,1.5",
      "0x6666666666666666666666666666666666666666,1000000",
    ].join("\n");
    const result = parseParticipantList(text, "wallet");
    expect(result.participants).toEqual([
      { line: 1, id: checksummed, weight: 1 },
      { line: 3, id: toChecksumAddress(other), weight: 1 },
      { line: 9, id: "0x1111111111111111111111111111111111111111", weight: 7 },
      { line: 14, id: "0x6666666666666666666666666666666666666666", weight: 1_000_000 },
    ]);
    expect(result.wrongLines).toEqual([5, 6, 10, 11, 12, 13]);
    expect(result.duplicateLines).toEqual([4, 7]);
    expect(result.totalWeight).toBe(1_000_009);
  });

  it("accepts CRLF line ends, a UTF-8 BOM and a trailing newline", () => {
    const result = parseParticipantList(`\uFEFF${checksummed}\r\n\r\n${other},2\r\n`, "wallet");
    expect(result.participants).toEqual([
      { line: 1, id: checksummed, weight: 1 },
      { line: 3, id: toChecksumAddress(other), weight: 2 },
    ]);
    expect(result.wrongLines).toEqual([]);
    expect(parseParticipantList("", "wallet")).toEqual(reference("", "wallet"));
  });

  it("twitter: handles with or without @ (case-insensitive duplicates) and numeric ids", () => {
    const text = [
      "@Alice_1",
      "alice_1",
      "1790000000000000001,3",
      "a_handle_longer_than_15",
      "bad-handle",
      "@",
      "12345678901234567890123",
    ];
    const result = parseParticipantList(text.join("\n"), "twitter");
    expect(result.participants).toEqual([
      { line: 1, id: "Alice_1", weight: 1 },
      { line: 3, id: "1790000000000000001", weight: 3 },
    ]);
    expect(result.duplicateLines).toEqual([2]);
    expect(result.wrongLines).toEqual([4, 5, 6, 7]);
  });

  it("telegram: 5-32 character usernames starting with a letter, or numeric ids", () => {
    const text = [
      "@durov",
      "DUROV",
      "123456789",
      "abcd",
      "1abcde",
      "@123456",
      `a${"b".repeat(31)}`,
      `a${"b".repeat(32)}`,
    ];
    const result = parseParticipantList(text.join("\n"), "telegram");
    expect(result.participants.map((participant) => participant.id)).toEqual([
      "durov",
      "123456789",
      `a${"b".repeat(31)}`,
    ]);
    expect(result.duplicateLines).toEqual([2]);
    expect(result.wrongLines).toEqual([4, 5, 6, 8]);
  });

  it("discord: snowflakes of 17-20 digits or usernames without consecutive dots", () => {
    const text = ["80351110224678912", "user.name_1", "User.Name_1", "a..b", "x", "1".repeat(33), "bad-name"];
    const result = parseParticipantList(text.join("\n"), "discord");
    expect(result.participants.map((participant) => participant.id)).toEqual([
      "80351110224678912",
      "user.name_1",
    ]);
    expect(result.duplicateLines).toEqual([3]);
    expect(result.wrongLines).toEqual([4, 5, 6, 7]);
  });

  it("throws past maxLines non-blank lines", () => {
    expect(() => parseParticipantList("a1\n\nb2\nc3", "twitter", { maxLines: 2 })).toThrow(
      ParticipantListTooLongError,
    );
    expect(parseParticipantList("a1\n\n\nb2\n", "twitter", { maxLines: 2 }).participants).toHaveLength(2);
  });
});

const hexBody = fc.stringMatching(/^[0-9a-f]{40}$/);
const walletText = fc.oneof(
  hexBody.map((body) => `0x${body}`),
  hexBody.map((body) => toChecksumAddress(body)),
  hexBody.map((body) => body.toUpperCase()),
  hexBody.map((body) => `0x${body.slice(0, 39)}`),
  // Random case: usually fails EIP-55.
  fc
    .tuple(hexBody, fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }))
    .map(
      ([body, upper]) =>
        `0x${[...body].map((character, index) => (upper[index] ? character.toUpperCase() : character)).join("")}`,
    ),
);
const handleText = fc.oneof(
  fc.stringMatching(/^@?[A-Za-z0-9_.]{1,34}$/),
  fc.stringMatching(/^[0-9]{1,22}$/),
  fc.string({ maxLength: 8 }),
);
const weightSuffix = fc.oneof(
  fc.constant(""),
  fc.integer({ min: 1, max: 1_000_000 }).map((weight) => `,${weight}`),
  fc.constantFrom(",0", ",", ",1,2", ",-3", ",1000001", ", 4", ",07"),
);
const lineEnd = fc.constantFrom("\n", "\r\n");

function listText(ids: fc.Arbitrary<string>) {
  return fc
    .tuple(
      fc.boolean(),
      fc.array(
        fc.tuple(
          fc.oneof({ weight: 5, arbitrary: ids }, { weight: 1, arbitrary: fc.constantFrom("", "  ") }),
          weightSuffix,
          lineEnd,
          fc.boolean(),
        ),
        { maxLength: 40 },
      ),
    )
    .map(([bom, rows]) => {
      const lines = rows.map(([id, weight, end]) => (id.trim() === "" ? id : `${id}${weight}`) + end);
      // Repeat some earlier lines in another case to make duplicates.
      const repeated = rows.flatMap(([, , end, repeat], index) =>
        repeat && lines[index] ? [`${(lines[index] as string).trim().toUpperCase()}${end}`] : [],
      );
      return `${bom ? "\uFEFF" : ""}${[...lines, ...repeated].join("")}`;
    });
}

describe("parseParticipantList properties (fast-check)", () => {
  const cases: [ParticipantAccountType, fc.Arbitrary<string>][] = [
    ["wallet", listText(walletText)],
    ...accountTypes
      .filter((type) => type !== "wallet")
      .map((type): [ParticipantAccountType, fc.Arbitrary<string>] => [type, listText(handleText)]),
  ];
  for (const [accountType, texts] of cases) {
    it(`${accountType}: equals the reference, ids unique, every non-blank line classified once`, () => {
      fc.assert(
        fc.property(texts, (text) => {
          const result = parseParticipantList(text, accountType);
          expect(result).toEqual(reference(text, accountType));
          const ids = result.participants.map((participant) => participant.id.toLowerCase());
          expect(new Set(ids).size).toBe(ids.length);
          const classified = [
            ...result.participants.map((participant) => participant.line),
            ...result.wrongLines,
            ...result.duplicateLines,
          ];
          const nonBlank = text
            .replace(/^\uFEFF/, "")
            .split("\n")
            .flatMap((line, index) => (line.trim() === "" ? [] : [index + 1]));
          expect(classified.sort((left, right) => left - right)).toEqual(nonBlank);
        }),
        { numRuns: 150 },
      );
    });

    it(`${accountType}: parsing in pieces (firstLine, shared seen) gives the whole parse`, () => {
      fc.assert(
        fc.property(texts, fc.integer({ min: 1, max: 4 }), (text, piece) => {
          const lines = text.split("\n");
          const seen = new Set<string>();
          const merged: ParticipantListResult = {
            participants: [],
            wrongLines: [],
            duplicateLines: [],
            totalWeight: 0,
          };
          for (let start = 0; start < lines.length; start += piece) {
            const part = parseParticipantList(lines.slice(start, start + piece).join("\n"), accountType, {
              firstLine: start + 1,
              seen,
            });
            merged.participants.push(...part.participants);
            merged.wrongLines.push(...part.wrongLines);
            merged.duplicateLines.push(...part.duplicateLines);
            merged.totalWeight += part.totalWeight;
          }
          expect(merged).toEqual(parseParticipantList(text, accountType));
        }),
        { numRuns: 100 },
      );
    });
  }
});
