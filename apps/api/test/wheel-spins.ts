// Many spins landing at once on the local chain, for the recorder's bulk test and its benchmark
// (bench/wheel-recorder.ts): one player per spin, each with an issued spin row and a vouched ticket, every spin
// sent while the node holds its blocks, then the blocks mined together so the chain decides their order.
import { luckyWheelAbi, spinVoucherDomain, spinVoucherTypes } from "@dropfair/chain/abis";
import { type Db, users, wheelSpins } from "@dropfair/db";
import {
  type Address,
  encodeFunctionData,
  type Hex,
  keccak256,
  type LocalAccount,
  type PublicClient,
  parseGwei,
  stringToBytes,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";

export type BulkSpins = {
  db: Db;
  client: PublicClient;
  chainId: number;
  game: { id: number; contractAddress: Address; endsAt: Date };
  /** The voucher signer the LuckyWheel trusts. */
  signer: LocalAccount;
  spins: number;
  /** Seeds the players' keys: `${label} ${index}`. */
  label: string;
  /** The blocks mined once every spin is sent. */
  blocks: number;
};

/** Sends `spins` vouched spins of new players and mines `blocks` blocks; automining is back on afterwards. */
export async function landBulkSpins({ db, client, chainId, game, signer, spins, label, blocks }: BulkSpins) {
  const rpc = (method: string, params: unknown[] = []) =>
    client.request({ method: method as never, params: params as never });
  const players = Array.from({ length: spins }, (_, index) =>
    privateKeyToAccount(keccak256(stringToBytes(`${label} ${index}`))),
  );
  const userRows = await db
    .insert(users)
    .values(players.map((account) => ({ address: account.address })))
    .returning({ id: users.id, address: users.address });
  const deadline = game.endsAt;
  const spinRows = await db
    .insert(wheelSpins)
    .values(
      userRows.map((user) => ({
        gameId: game.id,
        userId: user.id,
        account: user.address,
        stage: "issued" as const,
        voucherDeadline: deadline,
      })),
    )
    .returning({ id: wheelSpins.id, account: wheelSpins.account });
  for (const account of players) await rpc("hardhat_setBalance", [account.address, "0x56BC75E2D63100000"]);
  await rpc("evm_setAutomine", [false]);
  try {
    const domain = spinVoucherDomain(chainId, game.contractAddress);
    for (const [index, row] of spinRows.entries()) {
      const voucher = {
        gameId: BigInt(game.id),
        account: row.account as Address,
        nonce: BigInt(row.id),
        deadline: BigInt(Math.floor(deadline.getTime() / 1000)),
      };
      const signature = await signer.signTypedData({
        domain,
        types: spinVoucherTypes,
        primaryType: "SpinVoucher",
        message: voucher,
      });
      const raw = await players[index]!.signTransaction({
        chainId,
        type: "eip1559",
        to: game.contractAddress,
        data: encodeFunctionData({ abi: luckyWheelAbi, functionName: "spin", args: [voucher, signature] }),
        nonce: 0,
        gas: 120_000n,
        maxFeePerGas: parseGwei("50"),
        maxPriorityFeePerGas: parseGwei("1"),
      });
      await client.sendRawTransaction({ serializedTransaction: raw as Hex });
    }
    for (let block = 0; block < blocks; block++) await rpc("evm_mine");
  } finally {
    await rpc("evm_setAutomine", [true]);
  }
}
