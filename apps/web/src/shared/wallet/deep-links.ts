import type { DialogWallet } from "./wallets";

/**
 * Links that open the dapp inside a wallet app's browser, for mobile users without an injected wallet.
 * MetaMask takes the URL without its scheme and must not be URI-encoded; the others take it encoded.
 */
export function walletDeepLink(wallet: DialogWallet, dappUrl: string): string {
  switch (wallet) {
    case "metamask":
      return `https://link.metamask.io/dapp/${dappUrl.replace(/^https?:\/\//, "")}`;
    case "okx": {
      const deepLink = `okx://wallet/dapp/url?dappUrl=${encodeURIComponent(dappUrl)}`;
      return `https://web3.okx.com/download?deeplink=${encodeURIComponent(deepLink)}`;
    }
    case "trust":
      return `https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(dappUrl)}`;
    case "tokenpocket":
      return `tpdapp://open?params=${encodeURIComponent(JSON.stringify({ url: dappUrl, chain: "ETH", source: "Dropfair" }))}`;
  }
}
