// Which of many addresses hold code, in one eth_call on any chain: the creation code of CodeSizeReader
// (packages/contracts) run without a `to`, whose constructor answers every account's code size. Copied as a constant
// so browser bundles need not load the contracts package; test/code-size-reader.test.ts keeps it equal to the
// compiled contract.
import { type Address, decodeAbiParameters, encodeAbiParameters, type Hex, type PublicClient } from "viem";

export const codeSizeReaderBytecode: Hex =
  "0x608060405234801561000f575f5ffd5b5060405161024438038061024483398101604081905261002e91610123565b5f81516001600160401b03811115610048576100486100f4565b604051908082528060200260200182016040528015610071578160200160208202803683370190505b5090505f5b82518110156100c857828181518110610091576100916101ed565b60200260200101516001600160a01b03163b8282815181106100b5576100b56101ed565b6020908102919091010152600101610076565b505f816040516020016100db9190610201565b6040516020818303038152906040529050805160208201f35b634e487b7160e01b5f52604160045260245ffd5b80516001600160a01b038116811461011e575f5ffd5b919050565b5f60208284031215610133575f5ffd5b81516001600160401b03811115610148575f5ffd5b8201601f81018413610158575f5ffd5b80516001600160401b03811115610171576101716100f4565b604051600582901b90603f8201601f191681016001600160401b038111828210171561019f5761019f6100f4565b6040529182526020818401810192908101878411156101bc575f5ffd5b6020850194505b838510156101e2576101d485610108565b8152602094850194016101c3565b509695505050505050565b634e487b7160e01b5f52603260045260245ffd5b602080825282518282018190525f918401906040840190835b8181101561023857835183526020938401939092019160010161021a565b50909594505050505056fe";

/** The code size in bytes of each account, in order; one eth_call for up to `batchSize` accounts. */
export async function readCodeSizes(
  client: PublicClient,
  accounts: readonly Address[],
  batchSize = 1_000,
): Promise<number[]> {
  const sizes: number[] = [];
  for (let start = 0; start < accounts.length; start += batchSize) {
    const batch = accounts.slice(start, start + batchSize);
    const { data } = await client.call({
      data: `${codeSizeReaderBytecode}${encodeAbiParameters([{ type: "address[]" }], [batch]).slice(2)}`,
    });
    const [answer] = decodeAbiParameters([{ type: "uint256[]" }], data ?? "0x");
    if (answer.length !== batch.length)
      throw new Error(`CodeSizeReader answered ${answer.length} sizes for ${batch.length} accounts`);
    sizes.push(...answer.map(Number));
  }
  return sizes;
}
