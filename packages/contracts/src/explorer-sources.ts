// Our compiled contracts with their Solidity sources, for the explorer sandbox: on a local chain it reports a
// contract as verified when its runtime code carries the metadata hash of one of these (sandbox mode only).
import * as generated from "./generated/artifacts.ts";
import { packageVersion, readSources } from "./source-hash.ts";

export type ContractSource = {
  contractName: string;
  abi: readonly unknown[];
  bytecode: string;
  /** The Solidity file that declares the contract. */
  sourceCode: string;
  compilerVersion: string;
};

type Artifact = { contractName: string; abi: readonly unknown[]; bytecode: string };

function isArtifact(value: unknown): value is Artifact {
  return typeof value === "object" && value !== null && "contractName" in value && "bytecode" in value;
}

/** Every compiled contract whose declaring file is among contracts/*.sol. */
export function contractSources(): ContractSource[] {
  const files = Object.values(readSources()).map((file) => file.content);
  const compilerVersion = `v${packageVersion("solc")}`;
  return (Object.values(generated) as unknown[]).filter(isArtifact).flatMap((artifact) => {
    const declaration = new RegExp(`\\b(abstract\\s+)?(contract|library)\\s+${artifact.contractName}\\b`);
    const sourceCode = files.find((content) => declaration.test(content));
    return sourceCode
      ? [
          {
            contractName: artifact.contractName,
            abi: artifact.abi,
            bytecode: artifact.bytecode,
            sourceCode,
            compilerVersion,
          },
        ]
      : [];
  });
}
