import { customType } from "drizzle-orm/pg-core";

/** Raw binary column (PostgreSQL bytea), read back as a Buffer. */
export const byteaColumn = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType() {
    return "bytea";
  },
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value);
  },
});
