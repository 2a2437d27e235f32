import { limits } from "./limits.ts";

/**
 * Catalogue keys of the validation and API error messages. Texts live in locales/<lang>/validation.json
 * (served by i18next as the "validation" namespace), so the keys are the single thing code refers to.
 */
export const messageKeys = {
  airdrop: {
    titleRequired: "validation.airdrop.titleRequired",
    titleTooLong: "validation.airdrop.titleTooLong",
    timeOrder: "validation.airdrop.timeOrder",
    tokenAddressInvalid: "validation.airdrop.tokenAddressInvalid",
    amountRequired: "validation.airdrop.amountRequired",
    amountTooManyDecimals: "validation.airdrop.amountTooManyDecimals",
    depositRequired: "validation.airdrop.depositRequired",
    logoTooLarge: "validation.airdrop.logoTooLarge",
    participantsRequired: "validation.airdrop.participantsRequired",
    shareRequired: "validation.airdrop.shareRequired",
    shareOverflow: "validation.airdrop.shareOverflow",
    balanceInsufficient: "validation.airdrop.balanceInsufficient",
    refundFirst: "validation.airdrop.refundFirst",
    idTypeChangeConfirm: "validation.airdrop.idTypeChangeConfirm",
    unsavedChanges: "validation.airdrop.unsavedChanges",
  },
  csv: {
    wrongLines: "validation.csv.wrongLines",
    duplicateLines: "validation.csv.duplicateLines",
  },
  quickCreate: {
    notFound: "validation.quickCreate.notFound",
  },
  picker: {
    postUrlRequired: "validation.picker.postUrlRequired",
    infoNameRequired: "validation.picker.infoNameRequired",
    selectAtLeastOne: "validation.picker.selectAtLeastOne",
    winnersExceedLimit: "validation.picker.winnersExceedLimit",
    redrawReasonRequired: "validation.picker.redrawReasonRequired",
    notOwner: "validation.picker.notOwner",
    notCreator: "validation.picker.notCreator",
    seedNotFound: "validation.picker.seedNotFound",
    noValidWinner: "validation.picker.noValidWinner",
    replyNotFound: "validation.picker.replyNotFound",
    xApiLimit: "validation.picker.xApiLimit",
    usageLimit: "validation.picker.usageLimit",
    versionClosed: "validation.picker.versionClosed",
    notPostOwner: "validation.picker.notPostOwner",
    followTargetMissing: "validation.picker.followTargetMissing",
    betaWhitelist: "validation.picker.betaWhitelist",
    freeQuotaReached: "validation.picker.freeQuotaReached",
  },
  address: {
    invalid: "validation.address.invalid",
  },
  signature: {
    invalid: "validation.signature.invalid",
  },
  amount: {
    invalid: "validation.amount.invalid",
    tooManyDecimals: "validation.amount.tooManyDecimals",
  },
  referral: {
    codeInvalid: "validation.referral.codeInvalid",
    codeTaken: "validation.referral.codeTaken",
    codeReserved: "validation.referral.codeReserved",
  },
  email: {
    empty: "validation.email.empty",
    invalid: "validation.email.invalid",
  },
  safeCheck: {
    addressFormat: "validation.safeCheck.addressFormat",
    notContract: "validation.safeCheck.notContract",
    selfDestructed: "validation.safeCheck.selfDestructed",
  },
  simulator: {
    seedRequired: "validation.simulator.seedRequired",
    usernameRequired: "validation.simulator.usernameRequired",
  },
  mission: {
    tweetIdRequired: "validation.mission.tweetIdRequired",
    failed: "validation.mission.failed",
    notFollowing: "validation.mission.notFollowing",
    notRetweeted: "validation.mission.notRetweeted",
    notQuoted: "validation.mission.notQuoted",
    notLiked: "validation.mission.notLiked",
    tweetMissing: "validation.mission.tweetMissing",
    contentInvalid: "validation.mission.contentInvalid",
    metricsInvalid: "validation.mission.metricsInvalid",
    metricsInvalidViews: "validation.mission.metricsInvalidViews",
    metricsInvalidEngagement: "validation.mission.metricsInvalidEngagement",
    notFound: "validation.mission.notFound",
    alreadyUsed: "validation.mission.alreadyUsed",
    notYourTweet: "validation.mission.notYourTweet",
    discordNotJoined: "validation.mission.discordNotJoined",
    discordWrongRole: "validation.mission.discordWrongRole",
    telegramNotJoined: "validation.mission.telegramNotJoined",
    bindDiscordFirst: "validation.mission.bindDiscordFirst",
    bindTelegramFirst: "validation.mission.bindTelegramFirst",
  },
  api: {
    token: "validation.api.token",
    timeout: "validation.api.timeout",
    serviceError: "validation.api.serviceError",
    code: "validation.api.code",
    betaAccess: "validation.api.betaAccess",
  },
  page: {
    notFound: "validation.page.notFound",
  },
  auth: {
    invalidAddress: "validation.auth.invalidAddress",
    unknownProject: "validation.auth.unknownProject",
    signInExpired: "validation.auth.signInExpired",
    signInInvalid: "validation.auth.signInInvalid",
    signInNonceUsed: "validation.auth.signInNonceUsed",
    signInDomainMismatch: "validation.auth.signInDomainMismatch",
    signInChainUnsupported: "validation.auth.signInChainUnsupported",
    signInSignatureInvalid: "validation.auth.signInSignatureInvalid",
    loginRequired: "validation.auth.loginRequired",
    bindXFirst: "validation.auth.bindXFirst",
    loginFailed: "validation.auth.loginFailed",
  },
  request: {
    badRequest: "validation.request.badRequest",
    fieldRequired: "validation.request.fieldRequired",
    fieldInvalid: "validation.request.fieldInvalid",
    fieldTooShort: "validation.request.fieldTooShort",
    fieldTooLong: "validation.request.fieldTooLong",
    tooManyRequests: "validation.request.tooManyRequests",
    notFound: "validation.request.notFound",
    dataNotInitialized: "validation.request.dataNotInitialized",
    emptyContent: "validation.request.emptyContent",
    copyFailed: "validation.request.copyFailed",
  },
  network: {
    unsupported: "validation.network.unsupported",
    addChainFailed: "validation.network.addChainFailed",
  },
  transaction: {
    processing: "validation.transaction.processing",
    cancelled: "validation.transaction.cancelled",
    failed: "validation.transaction.failed",
    accountMismatch: "validation.transaction.accountMismatch",
  },
  mint: {
    nothingToMint: "validation.mint.nothingToMint",
    notEligible: "validation.mint.notEligible",
  },
  claim: {
    nothingToClaim: "validation.claim.nothingToClaim",
  },
  record: {
    empty: "validation.record.empty",
  },
  tips: {
    reloadCooldown: "validation.tips.reloadCooldown",
    essentialTextRequired: "validation.tips.essentialTextRequired",
    hashtagInvalid: "validation.tips.hashtagInvalid",
    mentionInvalid: "validation.tips.mentionInvalid",
    sloganTooLong: "validation.tips.sloganTooLong",
    reasonRequired: "validation.tips.reasonRequired",
    reasonTooLong: "validation.tips.reasonTooLong",
  },
  news: {
    linkInvalid: "validation.news.linkInvalid",
    logoInvalid: "validation.news.logoInvalid",
    categoryInvalid: "validation.news.categoryInvalid",
    actionRequired: "validation.news.actionRequired",
    projectRequired: "validation.news.projectRequired",
    titleRequired: "validation.news.titleRequired",
    daysInvalid: "validation.news.daysInvalid",
  },
  wheel: {
    partnerUnknown: "validation.wheel.partnerUnknown",
  },
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];

export type MessageKey = Leaves<typeof messageKeys>;

/**
 * The fixed parameters of messages that name a limit, for places that only carry the key (a schema's message):
 * 'The title can be up to {{max}} characters.' is always said with the limit of limits.ts.
 */
export const messageLimitParams: Readonly<Record<string, Record<string, number>>> = {
  [messageKeys.airdrop.titleTooLong]: { max: limits.airdropTitleMaxLength },
  [messageKeys.airdrop.amountTooManyDecimals]: { max: limits.tokenAmountMaxDecimals },
};
