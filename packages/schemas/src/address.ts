import { isEvmAddress, toChecksumAddress } from "@dropfair/core/address";
import { z } from "zod";

/** An EVM address accepted in any valid form and returned EIP-55 checksummed. */
export const addressSchema = z
  .string()
  .trim()
  .refine((value) => isEvmAddress(value), { message: "validation.address.invalid" })
  .transform((value) => toChecksumAddress(value));

export const hexSignatureSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]*$/, { message: "validation.signature.invalid" })
  .max(20_000)
  .transform((value) => value as `0x${string}`);
