import { batchPayoutArtifact } from "@dropfair/contracts/artifacts";
import type { Abi } from "viem";
import { describe, expect, it } from "vitest";
import { batchPayoutAbi } from "../src/abis.ts";

/** What matters of an ABI item for encoding and decoding, in a stable order. */
function normalise(abi: Abi) {
  return abi
    .map((item) => {
      const parameters = (list: readonly { type: string; name?: string; indexed?: boolean }[] = []) =>
        list.map(({ type, name, indexed }) => ({ type, name: name ?? "", indexed: indexed ?? false }));
      return {
        type: item.type,
        name: "name" in item ? item.name : "",
        inputs: "inputs" in item ? parameters(item.inputs) : [],
        outputs: "outputs" in item ? parameters(item.outputs) : [],
        stateMutability: "stateMutability" in item ? item.stateMutability : "",
      };
    })
    .sort((left, right) => `${left.type}:${left.name}`.localeCompare(`${right.type}:${right.name}`));
}

describe("contract ABIs", () => {
  it("match the compiled BatchPayout exactly", () => {
    expect(normalise(batchPayoutAbi)).toEqual(normalise(batchPayoutArtifact.abi));
  });
});
