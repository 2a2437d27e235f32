/**
 * The wallets offered in the wallet dialog (MetaMask, OKX, TokenPocket, Trust), plus the sandbox wallet and
 * any other injected provider.
 */
export const dialogWallets = ["metamask", "okx", "tokenpocket", "trust"] as const;
export type DialogWallet = (typeof dialogWallets)[number];
export type WalletId = DialogWallet | "sandbox" | "injected";

/** EIP-6963 reverse-DNS ids of the dialog's wallets, as each wallet announces itself. */
export const walletRdns: Record<DialogWallet, readonly string[]> = {
  metamask: ["io.metamask", "io.metamask.flask"],
  okx: ["com.okex.wallet"],
  tokenpocket: ["pro.tokenpocket"],
  trust: ["com.trustwallet.app"],
};

/** On mobile, an injected wallet is used directly (no dialog), looked for in this order. */
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
