import { BaseError } from "../../../shared/lib/base-error";

/** The wallet does not hold what the deposit needs ('Your balance is insufficient.'). */
export class BalanceInsufficientError extends BaseError {
  override name = "BalanceInsufficientError";
}

/** The wallet does not own some of the NFTs the creator named (or they were never minted). */
export class NftNotOwnedError extends BaseError {
  override name = "NftNotOwnedError";
  constructor(readonly tokenIds: readonly bigint[]) {
    super(`The wallet does not own token ids ${tokenIds.join(", ")}`);
  }
}

/** The airdrop's chain has no distributor in this deployment, or the registry does not know the chain. */
export class ChainUnavailableError extends BaseError {
  override name = "ChainUnavailableError";
}
