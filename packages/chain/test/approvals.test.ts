import { safetyScenarioAccountIndex } from "@dropfair/contracts/safety-scenario";
import { useLocalChain } from "@dropfair/contracts/testing";
import { createPublicClient, custom, type EIP1193RequestFn, maxUint256, type PublicClient } from "viem";
import { describe, expect, it } from "vitest";
import {
  ApprovalScanError,
  type LiveAllowance,
  permit2Address,
  revokeCall,
  scanApprovals,
  standardOf,
} from "../src/approvals.ts";
import { useSafetyScenario } from "./safety-scenario-fixture.ts";

const chain = useLocalChain();
const scenario = useSafetyScenario(chain);

function rowsOf(allowances: LiveAllowance[]) {
  return allowances
    .map((row) => ({
      kind: row.kind,
      token: row.token,
      spender: row.spender,
      amount: row.amount,
      unlimited: row.unlimited,
      tokenId: row.tokenId,
      spenderIsContract: row.spenderIsContract,
    }))
    .sort((left, right) => `${left.kind}${left.spender}`.localeCompare(`${right.kind}${right.spender}`));
}

/** A client over the local chain whose transport can refuse or fail requests, counting eth_getLogs calls. */
function faultyClient(fault: (method: string, params: unknown) => Error | undefined) {
  const calls: { method: string; params: unknown }[] = [];
  const request: EIP1193RequestFn = async ({ method, params }) => {
    calls.push({ method, params });
    const error = fault(method, params);
    if (error) throw error;
    return chain.publicClient.request({ method, params } as never);
  };
  const client = createPublicClient({
    chain: chain.viemChain,
    transport: custom({ request }, { retryCount: 0 }),
    cacheTime: 0,
  }) as PublicClient;
  return { client, calls };
}

describe("scanApprovals on the local scenario", () => {
  it("finds one live approval of every kind, with token facts, and not the revoked one", async () => {
    const { owner, token, approvals } = scenario.value;
    const result = await scanApprovals(chain.publicClient, { owner });
    const nft = chain.deployment.testNft;
    expect(rowsOf(result.allowances)).toEqual(
      rowsOf([
        {
          kind: "erc20",
          token,
          spender: approvals.unlimitedSpender,
          amount: maxUint256,
          unlimited: true,
          spenderIsContract: false,
        },
        {
          kind: "erc20",
          token,
          spender: approvals.contractSpender,
          amount: approvals.contractAllowance,
          unlimited: false,
          spenderIsContract: true,
        },
        {
          kind: "erc20",
          token,
          spender: permit2Address,
          amount: maxUint256,
          unlimited: true,
          spenderIsContract: true,
        },
        {
          kind: "permit2",
          token,
          spender: approvals.permit2Spender,
          amount: approvals.permit2Allowance,
          unlimited: false,
          spenderIsContract: false,
        },
        {
          kind: "erc721",
          token: nft,
          spender: approvals.nftSpender,
          tokenId: approvals.nftTokenId,
          unlimited: false,
          spenderIsContract: false,
        },
        {
          kind: "operator",
          token: nft,
          spender: approvals.nftOperator,
          unlimited: false,
          spenderIsContract: true,
        },
      ] as LiveAllowance[]),
    );
    const stt = result.allowances.find((row) => row.kind === "erc20")!;
    expect([stt.symbol, stt.decimals]).toEqual(["STT", 18]);
    expect(stt.lastUpdatedAt).toBeGreaterThan(1_600_000_000);
    expect(result.allowances.find((row) => row.kind === "permit2")?.expiration).toBe(
      approvals.permit2Expiration,
    );
    expect(result.allowances.some((row) => row.spender === approvals.revokedSpender)).toBe(false);
    // The token standard: the NFT operator's from TestNft's ERC-165 answer, the others from their kind.
    const standards = Object.fromEntries(result.allowances.map((row) => [row.kind, row.standard]));
    expect(standards).toEqual({ erc20: "erc20", permit2: "erc20", erc721: "erc721", operator: "erc721" });
  });

  it("names an operator's token ERC-1155 only when it answers so, and nothing when it claims neither", () => {
    expect(standardOf("operator", { erc721: false, erc1155: true })).toBe("erc1155");
    expect(standardOf("operator", { erc721: true, erc1155: false })).toBe("erc721");
    expect(standardOf("operator", { erc721: undefined, erc1155: undefined })).toBeUndefined();
    expect(standardOf("operator", { erc721: false, erc1155: false })).toBeUndefined();
  });

  it("lists nothing for a wallet that never approved anything", async () => {
    const result = await scanApprovals(chain.publicClient, { owner: chain.accounts[2]!.address });
    expect(result.allowances).toEqual([]);
  });
});

describe("scanApprovals under RPC faults", () => {
  it("splits ranges a provider refuses as too large and still finds everything", async () => {
    const { owner } = scenario.value;
    const expected = await scanApprovals(chain.publicClient, { owner });
    // Like Alchemy: no more than 4 blocks per eth_getLogs.
    const { client, calls } = faultyClient((method, params) => {
      if (method !== "eth_getLogs") return undefined;
      const [{ fromBlock, toBlock }] = params as [{ fromBlock: string; toBlock: string }];
      return BigInt(toBlock) - BigInt(fromBlock) + 1n > 4n
        ? Object.assign(
            new Error(
              "Log response size exceeded. You can make eth_getLogs requests with up to a 4 block range",
            ),
            { code: -32602 },
          )
        : undefined;
    });
    const result = await scanApprovals(client, { owner, initialChunkSize: 1_000n });
    expect(rowsOf(result.allowances)).toEqual(rowsOf(expected.allowances));
    const logCalls = calls.filter((call) => call.method === "eth_getLogs");
    expect(logCalls.length).toBeGreaterThan(3);
    expect(result.rpcCalls).toBeGreaterThanOrEqual(logCalls.length);
  });

  it("fails with a checkpoint, never an empty list, when the RPC is down, and resumes from it", async () => {
    const { owner } = scenario.value;
    const expected = await scanApprovals(chain.publicClient, { owner });
    let down = false;
    let logCalls = 0;
    const { client } = faultyClient((method) => {
      if (method === "eth_getLogs" && ++logCalls === 3) down = true;
      return down ? new Error("fetch failed") : undefined;
    });
    let failure: unknown;
    try {
      await scanApprovals(client, { owner, initialChunkSize: 8n });
      expect.unreachable("the scan must fail while the RPC is down");
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(ApprovalScanError);
    const checkpoint = (failure as ApprovalScanError).checkpoint!;
    expect(checkpoint.scannedTo).toBe(15n);
    down = false;
    const resumed = await scanApprovals(client, { owner, resume: checkpoint, initialChunkSize: 8n });
    expect(rowsOf(resumed.allowances)).toEqual(rowsOf(expected.allowances));
  });

  it("fails when the state cannot be confirmed instead of listing unconfirmed approvals", async () => {
    const { client } = faultyClient((method) =>
      method === "eth_call" ? new Error("HTTP request failed. Status: 503") : undefined,
    );
    await expect(scanApprovals(client, { owner: scenario.value.owner })).rejects.toBeInstanceOf(
      ApprovalScanError,
    );
  });
});

// Last: it changes the scenario the tests above read.
describe("revoking", () => {
  it("revokes each kind with one transaction, after which a new scan no longer lists it", async () => {
    const { owner } = scenario.value;
    const wallet = chain.walletOf(safetyScenarioAccountIndex.owner);
    const before = await scanApprovals(chain.publicClient, { owner });
    const revoked = before.allowances.filter((row) => row.spender !== permit2Address);
    for (const row of revoked) {
      const hash = await wallet.writeContract(revokeCall(row) as never);
      expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
    }
    const after = await scanApprovals(chain.publicClient, { owner });
    expect(rowsOf(after.allowances)).toEqual(
      rowsOf(before.allowances.filter((row) => row.spender === permit2Address)),
    );
  });
});
