// The airdrop module's public surface.
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
} from "./service.ts";
