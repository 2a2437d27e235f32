import { BaseError } from "../../../shared/lib/base-error";
import { isUserRejection, rpcErrorCode } from "../../../shared/wallet/eip1193";
import { WrongNetworkError } from "../../../shared/wallet/errors";

/** The wallet that would send the transaction is not the signed-in one (the voucher names the signed-in one). */
export class AccountMismatchError extends BaseError {
  override name = "AccountMismatchError";
  constructor(readonly address: string) {
    super(address);
  }
}

/** The game's chain is not in the platform's registry. */
export class UnsupportedChainError extends BaseError {
  override name = "UnsupportedChainError";
}

/** The creator's wallet holds less of a prize's token than its deposit: checked before anything is sent. */
export class TokenBalanceShortError extends BaseError {
  override name = "TokenBalanceShortError";
  constructor(
    readonly token: { symbol: string; decimals: number },
    /** Base units the deposit takes. */
    readonly needed: bigint,
    /** Base units the wallet holds. */
    readonly held: bigint,
  ) {
    super(`${token.symbol}: ${held} held, ${needed} needed`);
  }
}

/** The wallet does not own some of the NFT ids the creator gave (owned by someone else, or never minted). */
export class NftNotOwnedError extends BaseError {
  override name = "NftNotOwnedError";
  constructor(readonly tokenIds: readonly bigint[]) {
    super(tokenIds.join(", "));
  }
}

/** The funding route did not count an NFT prize funded: its campaign holds fewer NFTs than the prize takes. */
export class NftDepositShortError extends BaseError {
  override name = "NftDepositShortError";
}

/**
 * The creator declined a wallet request after part of an NFT prize's funding was already sent (its campaign
 * opened, some NFTs moved in): that part stays, and the rest can follow.
 */
export class FundingStoppedError extends BaseError {
  override name = "FundingStoppedError";
}

/** Names of the wallet and viem errors that mean "the wallet is on another chain than the transaction's". */
const chainMismatchNames = new Set([
  "ChainMismatchError",
  "ChainNotConfiguredError",
  "SwitchChainNotSupportedError",
]);

/**
 * A wallet step's failure as the wheel reports it: a wallet left on another chain (viem's chain mismatch when
 * sending, a wallet that cannot switch or does not know the chain, EIP-1193 4902) is a WrongNetworkError naming
 * `chainName`; anything else (a rejection included) is returned as it is.
 */
export function walletStepError(error: unknown, chainName: string): unknown {
  if (isUserRejection(error) || error instanceof WrongNetworkError) return error;
  if (rpcErrorCode(error) === 4902) return new WrongNetworkError(chainName, { cause: error });
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current && typeof current === "object"; depth += 1) {
    const name = (current as { name?: unknown }).name;
    if (typeof name === "string" && chainMismatchNames.has(name))
      return new WrongNetworkError(chainName, { cause: error });
    current = (current as { cause?: unknown }).cause;
  }
  return error;
}
