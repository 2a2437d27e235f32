import { privateKeyToAccount } from "viem/accounts";

/**
 * The platform administrator of the e2e stack: a fixed test key whose address the Playwright config puts in
 * ADMIN_ADDRESSES, so specs can exercise the curation screens.
 */
export const e2eAdminKey = "0x8f2a55949038a9610f50fb23b5883af3b4ecb3c3bb792cbcefbd1542c692be63" as const;
export const e2eAdminAddress = privateKeyToAccount(e2eAdminKey).address;
