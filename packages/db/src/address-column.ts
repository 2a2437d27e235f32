import { customType } from "drizzle-orm/pg-core";
import { getAddress } from "viem";

/**
 * Addresses are stored lowercase so equality and indexes work regardless of the case a client sent,
 * and come back EIP-55 checksummed so no caller ever compares mixed-case strings.
 */
export const addressColumn = customType<{ data: `0x${string}`; driverData: string }>({
  dataType() {
    return "text";
  },
  toDriver(value) {
    return value.toLowerCase();
  },
  fromDriver(value) {
    return getAddress(value);
  },
});
