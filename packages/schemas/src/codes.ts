/**
 * The wire contract's constants without zod: envelope typeCodes, statuses and enum values. The zod schemas in
 * this package build on these, and the web app imports them directly so the first route loads no zod. Each
 * family is its own module, so a bundle takes only the families it uses. Nothing here may import zod.
 */
export * from "./codes/airdrop.ts";
export * from "./codes/auth.ts";
export * from "./codes/picker.ts";
export * from "./codes/tips.ts";
export * from "./codes/type-codes.ts";
export * from "./codes/wheel.ts";
