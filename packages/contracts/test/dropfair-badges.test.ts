// DropfairBadges: ERC-5192 soulbound badges and transferable NFT badges in one ERC-721, minted with the platform's
// EIP-712 vouchers once per account, badge and period. Attacks on the voucher (T16 style) and on soulbound tokens.
import {
  type Abi,
  type Address,
  type Hash,
  type Hex,
  type PrivateKeyAccount,
  parseEventLogs,
  type TransactionReceipt,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, it } from "vitest";
import { dropfairBadgesArtifact, testNftArtifact } from "../src/artifacts.ts";
import { useLocalChain } from "../src/testing.ts";

const abi = dropfairBadgesArtifact.abi;

type MintVoucher = {
  account: Address;
  badgeId: bigint;
  soulbound: boolean;
  period: bigint;
  nonce: bigint;
  deadline: bigint;
};

const voucherTypes = {
  MintVoucher: [
    { name: "account", type: "address" },
    { name: "badgeId", type: "uint256" },
    { name: "soulbound", type: "bool" },
    { name: "period", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

const chain = useLocalChain();
let badges: Address;
let owner: PrivateKeyAccount;
let signer: PrivateKeyAccount;
let alice: PrivateKeyAccount;
let bob: PrivateKeyAccount;
let relayer: PrivateKeyAccount;
let nextNonce = 1000n;

beforeAll(() => {
  badges = chain.deployment.dropfairBadges;
  [owner, signer, alice, bob, relayer] = [0, 1, 2, 3, 4].map((index) => chain.account(index)) as [
    PrivateKeyAccount,
    PrivateKeyAccount,
    PrivateKeyAccount,
    PrivateKeyAccount,
    PrivateKeyAccount,
  ];
});

const fresh = () => privateKeyToAccount(generatePrivateKey());

async function latestTimestamp(): Promise<bigint> {
  return (await chain.publicClient.getBlock()).timestamp;
}

async function voucherFor(account: Address, overrides: Partial<MintVoucher> = {}): Promise<MintVoucher> {
  return {
    account,
    badgeId: 1n,
    soulbound: true,
    period: 0n,
    nonce: nextNonce++,
    deadline: (await latestTimestamp()) + 600n,
    ...overrides,
  };
}

function sign(
  voucher: MintVoucher,
  options: { by?: PrivateKeyAccount; chainId?: number; verifyingContract?: Address } = {},
): Promise<Hex> {
  return (options.by ?? signer).signTypedData({
    domain: {
      name: "Dropfair Badges",
      version: "1",
      chainId: options.chainId ?? chain.chainId,
      verifyingContract: options.verifyingContract ?? badges,
    },
    types: voucherTypes,
    primaryType: "MintVoucher",
    message: voucher,
  });
}

async function mined(hash: Hash): Promise<TransactionReceipt> {
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  return receipt;
}

async function send(
  from: PrivateKeyAccount,
  functionName: string,
  args: readonly unknown[],
  address = badges,
): Promise<TransactionReceipt> {
  // biome-ignore lint/suspicious/noExplicitAny: one helper over the contract's functions
  const request = { address, abi, functionName, args } as any;
  return mined(await chain.walletOf(from).writeContract(request));
}

/** Simulates the call from `from`: rejects with the decoded custom error. */
function attempt(from: Address, functionName: string, args: readonly unknown[], address = badges) {
  return chain.publicClient.simulateContract({
    account: from,
    address,
    abi: abi as Abi,
    functionName,
    args,
  });
}

function read<T>(functionName: string, args: readonly unknown[] = [], address = badges): Promise<T> {
  // biome-ignore lint/suspicious/noExplicitAny: one helper over the contract's views
  return chain.publicClient.readContract({ address, abi, functionName, args } as any) as Promise<T>;
}

async function mint(
  voucher: MintVoucher,
  from = relayer,
): Promise<{ tokenId: bigint; receipt: TransactionReceipt }> {
  const receipt = await send(from, "mint", [voucher, await sign(voucher)]);
  const [event] = parseEventLogs({ abi, logs: receipt.logs, eventName: "BadgeMinted" });
  return { tokenId: event!.args.tokenId, receipt };
}

describe("DropfairBadges deployment", () => {
  it("is deployed at nonce 5 of the deployer, owned by it, trusting Hardhat's account #1, with the metadata base", async () => {
    expect(badges).toBe("0x5FC8d32690cc91D4c39d9d3abcBD16989F875707");
    expect(await read("owner")).toBe(owner.address);
    expect(await read("platformSigner")).toBe(signer.address);
    expect(chain.deployment.badgeSigner).toBe(signer.address);
    expect(await read("name")).toBe("Dropfair Badges");
    expect(await read("symbol")).toBe("DFB");
  });

  it("answers ERC-165 for ERC-5192 (0xb45a3c0e), ERC-721, its metadata and ERC-165, and nothing else", async () => {
    for (const id of ["0xb45a3c0e", "0x80ac58cd", "0x5b5e139f", "0x01ffc9a7"])
      expect(await read("supportsInterface", [id])).toBe(true);
    for (const id of ["0x780e9d63", "0xffffffff", "0x00000000"])
      expect(await read("supportsInterface", [id])).toBe(false);
  });

  it("lets only the owner change the signer and the metadata base", async () => {
    await expect(attempt(alice.address, "setPlatformSigner", [alice.address])).rejects.toThrow(
      /OwnableUnauthorizedAccount/,
    );
    await expect(attempt(alice.address, "setBaseURI", ["https://evil.example/"])).rejects.toThrow(
      /OwnableUnauthorizedAccount/,
    );
    await expect(
      attempt(owner.address, "setPlatformSigner", ["0x0000000000000000000000000000000000000000"]),
    ).rejects.toThrow(/ZeroAddress/);
  });
});

describe("soulbound badges (ERC-5192)", () => {
  it("mints to the voucher's account with Locked and BadgeMinted, answers locked and serves metadata from the API", async () => {
    const holder = fresh();
    const voucher = await voucherFor(holder.address, { badgeId: 7n, period: 202607n });
    const { tokenId, receipt } = await mint(voucher);
    // Indexers meet the token (ERC-721's Transfer from 0) before the events about it.
    expect(parseEventLogs({ abi, logs: receipt.logs }).map((event) => event.eventName)).toEqual([
      "Transfer",
      "Locked",
      "BadgeMinted",
    ]);
    const locked = parseEventLogs({ abi, logs: receipt.logs, eventName: "Locked" });
    expect(locked.map((event) => event.args.tokenId)).toEqual([tokenId]);
    const [minted] = parseEventLogs({ abi, logs: receipt.logs, eventName: "BadgeMinted" });
    expect(minted!.args).toEqual({
      tokenId,
      account: holder.address,
      badgeId: 7n,
      period: 202607n,
      soulbound: true,
      nonce: voucher.nonce,
    });
    expect(await read("ownerOf", [tokenId])).toBe(holder.address);
    expect(await read("locked", [tokenId])).toBe(true);
    expect(await read("tokenBadge", [tokenId])).toEqual({ badgeId: 7n, period: 202607n, soulbound: true });
    expect(await read("mintedTokenOf", [holder.address, 7n, 202607n])).toBe(tokenId);
    expect(await read("soulboundBalanceOf", [holder.address])).toBe(1n);
    expect(await read("tokenURI", [tokenId])).toBe(
      `http://localhost:3000/api/bounty/badges/metadata/${chain.chainId}/${tokenId}`,
    );
    await expect(attempt(alice.address, "locked", [999_999n])).rejects.toThrow(/ERC721NonexistentToken/);
  });

  it("refuses every transfer, every approval and an operator for all, but lets the holder revoke operators", async () => {
    const { tokenId } = await mint(await voucherFor(alice.address, { badgeId: 11n }));
    const sbt = (functionName: string, args: readonly unknown[], from = alice.address) =>
      expect(attempt(from, functionName, args)).rejects.toThrow(/Soulbound/);
    await sbt("transferFrom", [alice.address, bob.address, tokenId]);
    await sbt("safeTransferFrom", [alice.address, bob.address, tokenId]);
    await sbt("safeTransferFrom", [alice.address, bob.address, tokenId, "0x1234"]);
    await sbt("approve", [bob.address, tokenId]);
    await expect(attempt(alice.address, "setApprovalForAll", [bob.address, true])).rejects.toThrow(
      /SoulboundHolder/,
    );
    await send(alice, "setApprovalForAll", [bob.address, false]);
    // Even an operator approved before the badge arrived cannot move it.
    const early = fresh();
    await chain.testClient.setBalance({ address: early.address, value: 10n ** 18n });
    await send(early, "setApprovalForAll", [bob.address, true]);
    const { tokenId: later } = await mint(await voucherFor(early.address, { badgeId: 12n }));
    expect(await read("isApprovedForAll", [early.address, bob.address])).toBe(true);
    await sbt("transferFrom", [early.address, bob.address, later], bob.address);
    expect(await read("ownerOf", [later])).toBe(early.address);
    expect(await read("ownerOf", [tokenId])).toBe(alice.address);
  });
});

describe("transferable badges (NFT kind)", () => {
  it("are not locked and move like any ERC-721, also for a holder of soulbound badges (approved one by one)", async () => {
    const { tokenId, receipt } = await mint(
      await voucherFor(bob.address, { badgeId: 21n, soulbound: false }),
    );
    expect(parseEventLogs({ abi, logs: receipt.logs }).map((event) => event.eventName)).toEqual([
      "Transfer",
      "BadgeMinted",
    ]);
    expect(await read("locked", [tokenId])).toBe(false);
    await send(bob, "transferFrom", [bob.address, alice.address, tokenId]);
    expect(await read("ownerOf", [tokenId])).toBe(alice.address);
    // Alice holds a soulbound badge (above): she cannot approve an operator for all, but can approve this token.
    expect(await read("soulboundBalanceOf", [alice.address])).toBe(1n);
    await send(alice, "approve", [relayer.address, tokenId]);
    await send(relayer, "safeTransferFrom", [alice.address, bob.address, tokenId]);
    expect(await read("ownerOf", [tokenId])).toBe(bob.address);
    // Bob holds no soulbound badge: an operator for all works.
    await send(bob, "setApprovalForAll", [relayer.address, true]);
    await send(relayer, "transferFrom", [bob.address, alice.address, tokenId]);
    expect(await read("ownerOf", [tokenId])).toBe(alice.address);
  });
});

describe("mint vouchers (T16)", () => {
  it("accepts only the intended voucher: other chain, other deployment, swapped fields, other signer, expiry", async () => {
    const account = fresh().address;
    const voucher = await voucherFor(account, { badgeId: 31n, period: 3n });
    const signature = await sign(voucher);
    const mintWith = (candidate: MintVoucher, candidateSignature: Hex, address = badges) =>
      attempt(relayer.address, "mint", [candidate, candidateSignature], address);

    await expect(mintWith(voucher, await sign(voucher, { chainId: 1 }))).rejects.toThrow(/InvalidSignature/);
    const second = await mined(
      await chain.walletOf(owner).deployContract({
        abi,
        bytecode: dropfairBadgesArtifact.bytecode,
        args: [owner.address, signer.address, "https://example.test/"],
      }),
    );
    const secondAddress = second.contractAddress!;
    await expect(
      mintWith(voucher, await sign(voucher, { verifyingContract: secondAddress })),
    ).rejects.toThrow(/InvalidSignature/);
    await expect(mintWith(voucher, signature, secondAddress)).rejects.toThrow(/InvalidSignature/);
    for (const swapped of [
      { account: bob.address },
      { badgeId: 32n },
      { period: 4n },
      { soulbound: false },
      { nonce: voucher.nonce + 1n },
      { deadline: voucher.deadline + 1n },
    ])
      await expect(mintWith({ ...voucher, ...swapped }, signature)).rejects.toThrow(/InvalidSignature/);
    await expect(mintWith(voucher, await sign(voucher, { by: alice }))).rejects.toThrow(/InvalidSignature/);
    await expect(mintWith(voucher, "0x1234")).rejects.toThrow(/ECDSAInvalidSignatureLength/);

    const expiring = await voucherFor(account, { badgeId: 33n, deadline: (await latestTimestamp()) + 30n });
    const expiringSignature = await sign(expiring);
    await chain.testClient.increaseTime({ seconds: 120 });
    await chain.testClient.mine({ blocks: 1 });
    await expect(mintWith(expiring, expiringSignature)).rejects.toThrow(/VoucherExpired/);

    // The intended voucher, sent by anyone, mints to its account; the same voucher again reverts.
    const { tokenId } = await mint(voucher);
    expect(await read("ownerOf", [tokenId])).toBe(account);
    await expect(mintWith(voucher, signature)).rejects.toThrow(/VoucherUsed/);
    expect(await read("isNonceUsed", [voucher.nonce])).toBe(true);
  });

  it("mints once per account, badge and period: a fresh voucher for the same period reverts, the next period mints", async () => {
    const account = fresh().address;
    const first = await voucherFor(account, { badgeId: 41n, period: 202607n });
    const { tokenId } = await mint(first);
    const again = await voucherFor(account, { badgeId: 41n, period: 202607n });
    await expect(attempt(relayer.address, "mint", [again, await sign(again)])).rejects.toThrow(
      new RegExp(`AlreadyMinted.*${tokenId}`, "s"),
    );
    // The same nonce on another badge is used up too.
    const reused = { ...(await voucherFor(account, { badgeId: 42n })), nonce: first.nonce };
    await expect(attempt(relayer.address, "mint", [reused, await sign(reused)])).rejects.toThrow(
      /VoucherUsed/,
    );
    const nextMonth = await voucherFor(account, { badgeId: 41n, period: 202608n });
    const { tokenId: nextToken } = await mint(nextMonth);
    expect(nextToken).toBeGreaterThan(tokenId);
    expect(await read("balanceOf", [account])).toBe(2n);
  });

  it("mints a batch in one transaction, and a single bad voucher reverts the whole batch", async () => {
    const account = fresh().address;
    const vouchers = [
      await voucherFor(account, { badgeId: 51n }),
      await voucherFor(account, { badgeId: 52n, soulbound: false }),
      await voucherFor(account, { badgeId: 53n, period: 2n }),
    ];
    const signatures = await Promise.all(vouchers.map((voucher) => sign(voucher)));
    await expect(attempt(relayer.address, "mintBatch", [vouchers, signatures.slice(1)])).rejects.toThrow(
      /LengthMismatch/,
    );
    const tampered = [...vouchers, { ...(await voucherFor(account, { badgeId: 54n })) }];
    const tamperedSignatures = [...signatures, await sign({ ...tampered[3]!, badgeId: 55n })];
    await expect(attempt(relayer.address, "mintBatch", [tampered, tamperedSignatures])).rejects.toThrow(
      /InvalidSignature/,
    );
    const receipt = await send(relayer, "mintBatch", [vouchers, signatures]);
    const minted = parseEventLogs({ abi, logs: receipt.logs, eventName: "BadgeMinted" });
    expect(minted.map((event) => [event.args.badgeId, event.args.soulbound])).toEqual([
      [51n, true],
      [52n, false],
      [53n, true],
    ]);
    expect(await read("balanceOf", [account])).toBe(3n);
    expect(await read("soulboundBalanceOf", [account])).toBe(2n);
  });

  it("refuses a contract account that cannot receive ERC-721 tokens (safe mint)", async () => {
    // TestNft is an ERC-721 without onERC721Received.
    const contract = chain.deployment.testNft;
    const voucher = await voucherFor(contract, { badgeId: 61n });
    await expect(attempt(relayer.address, "mint", [voucher, await sign(voucher)])).rejects.toThrow(
      /ERC721InvalidReceiver/,
    );
    expect(testNftArtifact.contractName).toBe("TestNft");
  });
});
