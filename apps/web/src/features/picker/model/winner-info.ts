import { isEvmAddress, toChecksumAddress } from "@dropfair/core/address";
import { messageKeys } from "@dropfair/core/messages";
import { isSolanaAddress, maxCustomInfoLength, type PickerInfoType } from "@dropfair/core/picker";

export type WinnerInfoCheck = { ok: true; value: string } | { ok: false; messageKey: string };

/**
 * The win form's check before `PUT /:id/info` (the server checks the same): an EVM address with a valid
 * checksum (sent checksummed), a Solana address, or any non-empty custom text.
 */
export function checkWinnerInfo(infoType: PickerInfoType, input: string): WinnerInfoCheck {
  const value = input.trim();
  const addressInvalid = { ok: false, messageKey: `validation:${messageKeys.address.invalid}` } as const;
  if (infoType === "evm") {
    return isEvmAddress(value) ? { ok: true, value: toChecksumAddress(value) } : addressInvalid;
  }
  if (infoType === "solana") return isSolanaAddress(value) ? { ok: true, value } : addressInvalid;
  if (!value) return { ok: false, messageKey: "picker:win.infoRequired" };
  if ([...value].length > maxCustomInfoLength) return { ok: false, messageKey: "picker:win.infoTooLong" };
  return { ok: true, value };
}
