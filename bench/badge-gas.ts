// Gas of a badge mint on DropfairBadges (soulbound and transferable, one voucher, and five in one mintBatch) next to
// OpenZeppelin's plain ERC-721 `_safeMint` (BenchPlainNft.safeMint), each the first token of a fresh account, on a
// local Hardhat chain. Gas is deterministic: the figures do not depend on the machine.
// Run: `node --import tsx bench/badge-gas.ts`; prints one JSON line.
import { badgeVoucherDomain, badgeVoucherTypes } from "@dropfair/chain/abis";
import { benchPlainNftArtifact, dropfairBadgesArtifact } from "@dropfair/contracts/artifacts";
import { deployLocalContracts } from "@dropfair/contracts/deploy";
import { startLocalChain } from "@dropfair/contracts/local-chain";
import { type Address, createPublicClient, createWalletClient, defineChain, type Hash, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

const chain = await startLocalChain({ port: 0 });
try {
  const viemChain = defineChain({
    id: chain.chainId,
    name: "bench",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  });
  const transport = http(chain.rpcUrl, { retryCount: 0 });
  const client = createPublicClient({ chain: viemChain, transport, cacheTime: 0 });
  const deployment = await deployLocalContracts({
    rpcUrl: chain.rpcUrl,
    chainId: chain.chainId,
    deployerPrivateKey: chain.accounts[0]!.privateKey,
  });
  const sender = createWalletClient({
    chain: viemChain,
    transport,
    account: privateKeyToAccount(chain.accounts[4]!.privateKey),
    cacheTime: 0,
  });
  const signer = privateKeyToAccount(chain.accounts[1]!.privateKey);
  const gasOf = async (hash: Hash) => {
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
    return Number(receipt.gasUsed);
  };
  const freshAccount = () => privateKeyToAccount(generatePrivateKey()).address;
  let nonce = 1n;
  const voucher = async (account: Address, badgeId: bigint, soulbound: boolean) => {
    const message = { account, badgeId, soulbound, period: 0n, nonce: nonce++, deadline: 2n ** 40n };
    const signature = await signer.signTypedData({
      domain: badgeVoucherDomain(chain.chainId, deployment.dropfairBadges),
      types: badgeVoucherTypes,
      primaryType: "MintVoucher",
      message,
    });
    return { message, signature };
  };
  const mintOne = async (soulbound: boolean) => {
    // A warm-up mint first, so the contract's counters are not zero (as on a live deployment).
    const { message, signature } = await voucher(freshAccount(), 1n, soulbound);
    return gasOf(
      await sender.writeContract({
        address: deployment.dropfairBadges,
        abi: dropfairBadgesArtifact.abi,
        functionName: "mint",
        args: [message, signature],
      }),
    );
  };
  await mintOne(true);
  const sbt = await mintOne(true);
  const nft = await mintOne(false);
  const batchAccount = freshAccount();
  const batch = await Promise.all(
    [1n, 2n, 3n, 4n, 5n].map((badgeId) => voucher(batchAccount, badgeId, true)),
  );
  const sbtBatchOfFive = await gasOf(
    await sender.writeContract({
      address: deployment.dropfairBadges,
      abi: dropfairBadgesArtifact.abi,
      functionName: "mintBatch",
      args: [batch.map((entry) => entry.message), batch.map((entry) => entry.signature)],
    }),
  );
  const plainReceipt = await client.waitForTransactionReceipt({
    hash: await sender.deployContract({
      abi: benchPlainNftArtifact.abi,
      bytecode: benchPlainNftArtifact.bytecode,
    }),
  });
  const plainNft = plainReceipt.contractAddress!;
  const plainMint = async (tokenId: bigint) =>
    gasOf(
      await sender.writeContract({
        address: plainNft,
        abi: benchPlainNftArtifact.abi,
        functionName: "safeMint",
        args: [freshAccount(), tokenId],
      }),
    );
  await plainMint(1n);
  const plainSafeMint = await plainMint(2n);
  console.log(JSON.stringify({ sbt, nft, sbtBatchOfFive, plainSafeMint }));
} finally {
  await chain.stop();
}
