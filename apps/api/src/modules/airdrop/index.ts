// The airdrop module's public surface (SPEC §3–§6, DESIGN.md §7).
export { createVoucherSigner, type VoucherSigner } from "./chain.ts";
export { airdropErrors } from "./errors.ts";
export {
  airdropIndexerJob,
  enqueueParticipantImport,
  handleParticipantImportJob,
  participantImportJob,
  registerAirdropIndexerJob,
  registerParticipantImportJob,
  runAirdropIndexer,
} from "./jobs.ts";
export { airdropRoutes } from "./routes.ts";
export {
  type AirdropDependencies,
  type AirdropService,
  createAirdropService,
  inlineListMaxLines,
  type ParticipantImportQueue,
  statusOf,
} from "./service.ts";
