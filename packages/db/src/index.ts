// Query operators, re-exported so modules build queries without their own drizzle-orm dependency.
export {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
export { addressColumn } from "./address-column.ts";
export type { DatabaseHandle, DatabaseOptions, Db, DbWriter, Schema, Tx } from "./client.ts";
export { migrateDatabase, migrationsFolder, openDatabase } from "./client.ts";
export { preparedStatement } from "./prepared.ts";
export * from "./schema/index.ts";
