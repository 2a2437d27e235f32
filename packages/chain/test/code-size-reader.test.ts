import { codeSizeReaderArtifact } from "@dropfair/contracts/artifacts";
import { useLocalChain } from "@dropfair/contracts/testing";
import { describe, expect, it } from "vitest";
import { codeSizeReaderBytecode, readCodeSizes } from "../src/code-size-reader.ts";

const chain = useLocalChain();

describe("readCodeSizes", () => {
  it("carries the compiled CodeSizeReader's creation code", () => {
    expect(codeSizeReaderBytecode).toBe(codeSizeReaderArtifact.bytecode);
  });

  it("answers every account's code size in one call, zero for accounts without code", async () => {
    const { testUsdt, testNft } = chain.deployment;
    const sizes = await readCodeSizes(chain.publicClient, [testUsdt, chain.accounts[1]!.address, testNft]);
    const usdtCode = await chain.publicClient.getCode({ address: testUsdt });
    expect(sizes).toEqual([(usdtCode!.length - 2) / 2, 0, expect.any(Number)]);
    expect(sizes[2]).toBeGreaterThan(1_000);
  });

  it("splits long lists into batches", async () => {
    const accounts = Array.from({ length: 5 }, () => chain.deployment.testToken);
    expect(await readCodeSizes(chain.publicClient, accounts, 2)).toHaveLength(5);
  });
});
