// The explorer sandbox speaks Etherscan v2: HTTP 200 with status "1"/"0", the key and chain id checked first, a
// contract verified by the metadata hash in its runtime code, holders summed from Transfer logs.
import { describe, expect, it } from "vitest";
import { createExplorerSandbox, metadataTail } from "../src/explorer/index.ts";

const metadata = `a264697066735822${"12".repeat(34)}64736f6c63430008250033`;
const runtime = `0x6080604052${"00".repeat(8)}${metadata}`;
const creation = `0x60806040523480156100${runtime.slice(2)}`;
const pad = (hex: string) => `0x${hex.replace(/^0x/, "").padStart(64, "0")}`;
const transfer = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const zero = pad("0");
const [alice, bob] = [
  "0x00000000000000000000000000000000000a11ce",
  "0x0000000000000000000000000000000000000b0b",
];
const token = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

function sandbox() {
  return createExplorerSandbox({
    apiKey: "KEY",
    chains: {
      10: async (method, params) => {
        if (method === "eth_getCode") return params[0] === token ? runtime : "0x";
        if (method === "eth_getLogs") {
          return [
            { topics: [transfer, zero, pad(alice)], data: pad("64") }, // mint 100 to alice
            { topics: [transfer, pad(alice), pad(bob)], data: pad("1e") }, // alice → bob 30
            { topics: [transfer, zero, pad(bob), pad("7")], data: "0x" }, // an ERC-721 Transfer: ignored
          ];
        }
        throw new Error(`unexpected ${method}`);
      },
    },
    sources: [
      {
        contractName: "Token",
        abi: [{ type: "function", name: "mint" }],
        bytecode: creation,
        sourceCode: "contract Token {}",
      },
    ],
  });
}

async function call(query: string) {
  const app = sandbox();
  const response = await app.inject({ url: `/v2/api?${query}` });
  await app.close();
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe("the explorer sandbox", () => {
  it("reads solc's metadata tail, and nothing else", () => {
    expect(metadataTail(runtime)).toBe(metadata);
    expect(metadataTail("0x6080604052")).toBeUndefined();
  });

  it("refuses a missing or wrong key and an unknown chain, as Etherscan does", async () => {
    const wrong = await call(`chainid=10&module=contract&action=getsourcecode&address=${token}&apikey=nope`);
    expect(wrong).toEqual({ status: "0", message: "NOTOK", result: "Missing/Invalid API Key" });
    const chain = await call(`chainid=56&module=contract&action=getsourcecode&address=${token}&apikey=KEY`);
    expect(chain).toMatchObject({ status: "0", message: "NOTOK" });
    expect(chain.result).toMatch(/^Missing or unsupported chainid parameter/);
    const action = await call("chainid=10&module=contract&action=nothing&apikey=KEY");
    expect(action).toEqual({
      status: "0",
      message: "NOTOK",
      result: "Error! Missing Or invalid Action name",
    });
  });

  it("answers getsourcecode verified for a known source, unverified otherwise", async () => {
    const verified = await call(
      `chainid=10&module=contract&action=getsourcecode&address=${token}&apikey=KEY`,
    );
    expect(verified.status).toBe("1");
    expect(verified.result[0]).toMatchObject({ ContractName: "Token", SourceCode: "contract Token {}" });
    expect(JSON.parse(verified.result[0].ABI)).toEqual([{ type: "function", name: "mint" }]);
    const other = await call(`chainid=10&module=contract&action=getsourcecode&address=${alice}&apikey=KEY`);
    expect(other.result[0]).toMatchObject({ SourceCode: "", ABI: "Contract source code not verified" });
  });

  it("answers tokenholderlist from the Transfer logs, largest first", async () => {
    const holders = await call(
      `chainid=10&module=token&action=tokenholderlist&contractaddress=${token}&page=1&offset=10&apikey=KEY`,
    );
    expect(holders).toEqual({
      status: "1",
      message: "OK",
      result: [
        { TokenHolderAddress: alice, TokenHolderQuantity: "70" },
        { TokenHolderAddress: bob, TokenHolderQuantity: "30" },
      ],
    });
  });
});
