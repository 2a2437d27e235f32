/** The wallets offered in the wallet dialog (SPEC §9), plus the sandbox wallet and any other injected provider. */
export const dialogWallets = ["metamask", "okx", "tokenpocket", "trust"] as const;
export type DialogWallet = (typeof dialogWallets)[number];
export type WalletId = DialogWallet | "sandbox" | "injected";

/** EIP-6963 reverse-DNS ids (INTEGRATIONS §4.7). */
export const walletRdns: Record<DialogWallet, readonly string[]> = {
  metamask: ["io.metamask", "io.metamask.flask"],
  okx: ["com.okex.wallet"],
  tokenpocket: ["pro.tokenpocket"],
  trust: ["com.trustwallet.app"],
};

/** SPEC §4: on mobile, an injected wallet is used directly in this order. */
export const mobileInjectedOrder: readonly DialogWallet[] = ["metamask", "tokenpocket", "trust"];

export const walletInstallUrls: Record<DialogWallet, string> = {
  metamask: "https://metamask.io/download/",
  okx: "https://web3.okx.com/download",
  tokenpocket: "https://www.tokenpocket.pro/en/download/app",
  trust: "https://trustwallet.com/download",
};

export function isDialogWallet(value: unknown): value is DialogWallet {
  return typeof value === "string" && (dialogWallets as readonly string[]).includes(value);
}
