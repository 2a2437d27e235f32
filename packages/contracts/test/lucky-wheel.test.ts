// LuckyWheel: a spin spends a ticket the platform vouched for (EIP-712: game, account, nonce, deadline) and emits
// Spin(gameId, account, nonce). Attacks on the voucher: replay on the same contract, on another game, another chain
// id or another deployment, after the deadline, by another sender, with a forged signer.
import { spinEventSignature, spinEventTopic } from "@dropfair/core/wheel";
import {
  type Abi,
  type Address,
  type Hex,
  keccak256,
  type PrivateKeyAccount,
  parseEventLogs,
  stringToBytes,
  toEventSelector,
} from "viem";
import { beforeAll, describe, expect, it } from "vitest";
import { luckyWheelArtifact } from "../src/artifacts.ts";
import { useLocalChain } from "../src/testing.ts";

const abi = luckyWheelArtifact.abi;

type SpinVoucher = { gameId: bigint; account: Address; nonce: bigint; deadline: bigint };

const voucherTypes = {
  SpinVoucher: [
    { name: "gameId", type: "uint256" },
    { name: "account", type: "address" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

const chain = useLocalChain();
let wheel: Address;
let owner: PrivateKeyAccount;
let signer: PrivateKeyAccount;
let alice: PrivateKeyAccount;
let bob: PrivateKeyAccount;
let nextNonce = 1n;

beforeAll(() => {
  wheel = chain.deployment.luckyWheel;
  [owner, signer, alice, bob] = [0, 1, 2, 3].map((index) => chain.account(index)) as [
    PrivateKeyAccount,
    PrivateKeyAccount,
    PrivateKeyAccount,
    PrivateKeyAccount,
  ];
});

async function voucherFor(account: Address, overrides: Partial<SpinVoucher> = {}): Promise<SpinVoucher> {
  const { timestamp } = await chain.publicClient.getBlock();
  return { gameId: 1n, account, nonce: nextNonce++, deadline: timestamp + 600n, ...overrides };
}

function sign(
  voucher: SpinVoucher,
  options: { by?: PrivateKeyAccount; chainId?: number; verifyingContract?: Address } = {},
): Promise<Hex> {
  return (options.by ?? signer).signTypedData({
    domain: {
      name: "Dropfair Lucky Wheel",
      version: "1",
      chainId: options.chainId ?? chain.chainId,
      verifyingContract: options.verifyingContract ?? wheel,
    },
    types: voucherTypes,
    primaryType: "SpinVoucher",
    message: voucher,
  });
}

async function spin(from: PrivateKeyAccount, voucher: SpinVoucher, signature: Hex, address = wheel) {
  const hash = await chain.walletOf(from).writeContract({
    address,
    abi,
    functionName: "spin",
    args: [voucher, signature],
    account: from,
    chain: chain.viemChain,
  });
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  return receipt;
}

/** Simulates `spin` from `from`: rejects with the decoded custom error. */
function attempt(from: Address, voucher: SpinVoucher, signature: Hex, address = wheel) {
  return chain.publicClient.simulateContract({
    account: from,
    address,
    abi: abi as Abi,
    functionName: "spin",
    args: [voucher, signature],
  });
}

describe("LuckyWheel", () => {
  it("the Spin event is the one the wheel module's verifiers look for", () => {
    expect(toEventSelector(spinEventSignature)).toBe(spinEventTopic);
    const event = abi.find((item) => item.type === "event" && item.name === "Spin");
    expect(event).toMatchObject({
      inputs: [
        { name: "gameId", type: "uint256", indexed: true },
        { name: "account", type: "address", indexed: true },
        { name: "nonce", type: "uint256", indexed: true },
      ],
    });
  });

  it("spends a vouched ticket once and emits Spin(gameId, account, nonce) in the player's own transaction", async () => {
    const voucher = await voucherFor(alice.address, { gameId: 7n });
    const signature = await sign(voucher);
    expect(
      await chain.publicClient.readContract({
        address: wheel,
        abi,
        functionName: "isNonceUsed",
        args: [voucher.nonce],
      }),
    ).toBe(false);
    const receipt = await spin(alice, voucher, signature);
    expect(receipt.from.toLowerCase()).toBe(alice.address.toLowerCase());
    const [log] = parseEventLogs({ abi, logs: receipt.logs, eventName: "Spin" });
    expect(log?.args).toEqual({ gameId: 7n, account: alice.address, nonce: voucher.nonce });
    expect(receipt.logs[0]!.topics[0]).toBe(spinEventTopic);
    expect(
      await chain.publicClient.readContract({
        address: wheel,
        abi,
        functionName: "isNonceUsed",
        args: [voucher.nonce],
      }),
    ).toBe(true);
    // the digest the contract computes is the EIP-712 digest we sign
    const digest = await chain.publicClient.readContract({
      address: wheel,
      abi,
      functionName: "voucherDigest",
      args: [voucher],
    });
    expect(digest).toMatch(/^0x[0-9a-f]{64}$/);
    expect(
      await chain.publicClient.readContract({ address: wheel, abi, functionName: "SPIN_VOUCHER_TYPEHASH" }),
    ).toBe(
      keccak256(stringToBytes("SpinVoucher(uint256 gameId,address account,uint256 nonce,uint256 deadline)")),
    );
  });

  it("a replayed voucher reverts VoucherUsed, and so does the same nonce vouched for another game", async () => {
    const voucher = await voucherFor(alice.address);
    const signature = await sign(voucher);
    await spin(alice, voucher, signature);
    await expect(attempt(alice.address, voucher, signature)).rejects.toThrow(/VoucherUsed/);
    const otherGame = { ...voucher, gameId: 99n };
    await expect(attempt(alice.address, otherGame, await sign(otherGame))).rejects.toThrow(/VoucherUsed/);
  });

  it("a voucher cannot be moved to another game, account, nonce or deadline: the signature no longer matches", async () => {
    const voucher = await voucherFor(alice.address);
    const signature = await sign(voucher);
    await expect(attempt(alice.address, { ...voucher, gameId: 2n }, signature)).rejects.toThrow(
      /InvalidSignature/,
    );
    await expect(
      attempt(alice.address, { ...voucher, nonce: voucher.nonce + 1000n }, signature),
    ).rejects.toThrow(/InvalidSignature/);
    await expect(
      attempt(alice.address, { ...voucher, deadline: voucher.deadline + 1n }, signature),
    ).rejects.toThrow(/InvalidSignature/);
    await expect(attempt(bob.address, { ...voucher, account: bob.address }, signature)).rejects.toThrow(
      /InvalidSignature/,
    );
  });

  it("only the voucher's account may send it (the spin must be the player's own transaction)", async () => {
    const voucher = await voucherFor(alice.address);
    await expect(attempt(bob.address, voucher, await sign(voucher))).rejects.toThrow(/NotVoucherAccount/);
  });

  it("refuses a voucher signed for another chain id or another deployment, or by anyone but the platform signer", async () => {
    const voucher = await voucherFor(alice.address);
    await expect(attempt(alice.address, voucher, await sign(voucher, { chainId: 1 }))).rejects.toThrow(
      /InvalidSignature/,
    );
    const other = await chain.walletOf(owner).deployContract({
      abi,
      bytecode: luckyWheelArtifact.bytecode,
      args: [owner.address, signer.address],
      account: owner,
      chain: chain.viemChain,
    });
    const otherAddress = (await chain.publicClient.waitForTransactionReceipt({ hash: other }))
      .contractAddress!;
    await expect(
      attempt(alice.address, voucher, await sign(voucher, { verifyingContract: otherAddress })),
    ).rejects.toThrow(/InvalidSignature/);
    // and a voucher for that deployment does not work on ours, but does on its own
    const forOther = await sign(voucher, { verifyingContract: otherAddress });
    await spin(alice, voucher, forOther, otherAddress);
    await expect(attempt(alice.address, voucher, await sign(voucher, { by: bob }))).rejects.toThrow(
      /InvalidSignature/,
    );
    await expect(attempt(alice.address, voucher, "0x1234")).rejects.toThrow(/InvalidSignature/);
    // the voucher's nonce was spent on the other deployment only: here it still spins
    await spin(alice, voucher, await sign(voucher));
  });

  it("refuses an expired voucher (deadline before the block's time)", async () => {
    const { timestamp } = await chain.publicClient.getBlock();
    const voucher = await voucherFor(alice.address, { deadline: timestamp - 1n });
    await expect(attempt(alice.address, voucher, await sign(voucher))).rejects.toThrow(/VoucherExpired/);
  });

  it("only the owner changes the signer; the old signer's vouchers stop working", async () => {
    await expect(
      chain.publicClient.simulateContract({
        account: alice.address,
        address: wheel,
        abi,
        functionName: "setPlatformSigner",
        args: [alice.address],
      }),
    ).rejects.toThrow(/OwnableUnauthorizedAccount/);
    await expect(
      chain.publicClient.simulateContract({
        account: owner.address,
        address: wheel,
        abi,
        functionName: "setPlatformSigner",
        args: ["0x0000000000000000000000000000000000000000"],
      }),
    ).rejects.toThrow(/ZeroAddress/);
    const change = async (to: Address) => {
      const hash = await chain.walletOf(owner).writeContract({
        address: wheel,
        abi,
        functionName: "setPlatformSigner",
        args: [to],
        account: owner,
        chain: chain.viemChain,
      });
      return chain.publicClient.waitForTransactionReceipt({ hash });
    };
    const voucher = await voucherFor(alice.address);
    const signature = await sign(voucher);
    const receipt = await change(bob.address);
    expect(parseEventLogs({ abi, logs: receipt.logs, eventName: "PlatformSignerChanged" })[0]?.args).toEqual({
      previousSigner: signer.address,
      newSigner: bob.address,
    });
    try {
      await expect(attempt(alice.address, voucher, signature)).rejects.toThrow(/InvalidSignature/);
      await spin(alice, voucher, await sign(voucher, { by: bob }));
    } finally {
      await change(signer.address);
    }
  });
});
