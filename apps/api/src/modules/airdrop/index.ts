// The airdrop module's public surface: the service and its routes, the voucher signer and the signed claim vouchers
// other modules pay through the distributor, and the background jobs.
export {
  createVoucherSigner,
  isUnreachable,
  type NumberedClaim,
  readTokenMetadata,
  type SignedClaimVoucher,
  signClaimVoucher,
  type VoucherSigner,
} from "./chain.ts";
export {
  type AirdropJobDependencies,
  enqueueParticipantImport,
  handleParticipantImportJob,
  importParticipantsJob,
  registerAirdropJobs,
  runAirdropIndexer,
} from "./jobs.ts";
export { listReleasedAirdrops, type ReleasedAirdropFilter, type ReleasedAirdropListing } from "./listing.ts";
export { airdropActivityOf } from "./repository.ts";
export { airdropRoutes } from "./routes.ts";
export {
  type AirdropDependencies,
  type AirdropService,
  createAirdropService,
  inlineListMaxLines,
  inlineRequestMax,
  type ParticipantImportQueue,
} from "./service.ts";
