import {
  airdropDistributorArtifact,
  batchPayoutArtifact,
  dropfairBadgesArtifact,
  luckyWheelArtifact,
} from "@dropfair/contracts/artifacts";
import type { Abi } from "viem";
import { describe, expect, it } from "vitest";
import { airdropDistributorAbi, batchPayoutAbi, dropfairBadgesAbi, luckyWheelAbi } from "../src/abis.ts";

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

  it("match the compiled AirdropDistributor exactly, tuple components included", () => {
    expect(normalise(airdropDistributorAbi)).toEqual(normalise(airdropDistributorArtifact.abi));
    expect(components(airdropDistributorAbi)).toEqual(components(airdropDistributorArtifact.abi));
  });

  it("match the compiled DropfairBadges exactly, tuple components included", () => {
    expect(normalise(dropfairBadgesAbi)).toEqual(normalise(dropfairBadgesArtifact.abi));
    expect(components(dropfairBadgesAbi)).toEqual(components(dropfairBadgesArtifact.abi));
  });

  it("match the compiled LuckyWheel exactly, tuple components included", () => {
    expect(normalise(luckyWheelAbi)).toEqual(normalise(luckyWheelArtifact.abi));
    expect(components(luckyWheelAbi)).toEqual(components(luckyWheelArtifact.abi));
  });
});

/** The fields of struct parameters (normalise compares parameters by type and name only). */
function components(abi: Abi) {
  type Parameter = { type: string; name?: string; components?: readonly Parameter[] };
  return abi
    .flatMap((item) => {
      const parameters = [
        ...(("inputs" in item ? item.inputs : []) as readonly Parameter[]),
        ...(("outputs" in item ? item.outputs : []) as readonly Parameter[]),
      ];
      return parameters
        .filter((parameter) => parameter.components !== undefined)
        .map((parameter) => ({
          item: "name" in item ? item.name : item.type,
          fields: parameter.components!.map(({ type, name }) => `${type} ${name}`),
        }));
    })
    .map((entry) => JSON.stringify(entry))
    .sort();
}
