// The airdrop service the routes and jobs use: each use case given the module's dependencies. The use cases
// live in their own files: drafts and reads, participant imports, prepare and release, chain sync (reported
// transactions and the indexer, refunds included) and claims.
import * as access from "./access.ts";
import { createChainClock } from "./chain-clock.ts";
import * as chainSync from "./chain-sync.ts";
import * as claims from "./claims.ts";
import type { AirdropDependencies } from "./dependencies.ts";
import * as drafts from "./drafts.ts";
import * as participantImports from "./participant-imports.ts";
import * as preparation from "./prepare.ts";

export type { Viewer } from "./access.ts";
export type { AirdropDependencies, LinkedAccount, ParticipantImportQueue } from "./dependencies.ts";
export {
  inlineListMaxLines,
  inlineRequestMax,
  type ParticipantImportOutcome,
  type ParticipantImportView,
  type ParticipantUpload,
} from "./participant-imports.ts";

export function createAirdropService(options: AirdropDependencies) {
  const dependencies: AirdropDependencies = {
    ...options,
    chainClock: options.chainClock ?? createChainClock(options.chainClient),
  };
  /** The use case with the dependencies given: `(dependencies, ...args)` becomes `(...args)`. */
  const given =
    <Args extends unknown[], Result>(useCase: (dependencies: AirdropDependencies, ...args: Args) => Result) =>
    (...args: Args): Result =>
      useCase(dependencies, ...args);
  return {
    list: given(drafts.list),
    get: given(drafts.get),
    create: given(drafts.create),
    update: given(drafts.update),
    remove: given(drafts.remove),
    participantsPage: given(drafts.participantsPage),
    setLogo: given(drafts.setLogo),
    removeLogo: given(drafts.removeLogo),
    logo: given(drafts.logo),
    authorizeCreator: given(access.authorizeCreator),
    uploadParticipants: given(participantImports.uploadParticipants),
    participantImport: given(participantImports.participantImport),
    runParticipantImport: given(participantImports.runParticipantImport),
    clearParticipants: given(participantImports.clearParticipants),
    prepare: given(preparation.prepare),
    release: given(preparation.release),
    reportTransaction: given(chainSync.reportTransaction),
    indexChain: given(chainSync.indexChain),
    claim: given(claims.claim),
    claimDiscordRole: given(claims.claimDiscordRole),
    claimsList: given(claims.claimsList),
  };
}

export type AirdropService = ReturnType<typeof createAirdropService>;
