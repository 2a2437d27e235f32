import type { Eip1193Provider, Eip6963ProviderDetail } from "./eip1193";
import { type DialogWallet, dialogWallets, walletRdns } from "./wallets";

const announced = new Map<string, Eip6963ProviderDetail>();
const listeners = new Set<() => void>();
let started = false;
let version = 0;

/**
 * EIP-6963 discovery: listen before requesting and never stop listening, so late wallets are still seen.
 * Cheap enough for the entry chunk; the wagmi engine reads providers from here.
 */
export function startWalletDiscovery() {
  if (started || typeof window === "undefined") return;
  started = true;
  window.addEventListener("eip6963:announceProvider", (event) => {
    const detail = (event as CustomEvent<Eip6963ProviderDetail>).detail;
    if (!detail?.info?.rdns || !detail.provider) return;
    announced.set(detail.info.rdns, detail);
    version += 1;
    for (const listener of listeners) listener();
  });
  window.dispatchEvent(new Event("eip6963:requestProvider"));
}

export function subscribeWalletDiscovery(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function walletDiscoveryVersion() {
  return version;
}

type InjectedWindow = Window & {
  ethereum?: Eip1193Provider & { providers?: Eip1193Provider[] };
  okxwallet?: Eip1193Provider;
  trustwallet?: Eip1193Provider;
  tokenpocket?: { ethereum?: Eip1193Provider };
};

function injectedCandidates(win: InjectedWindow): Eip1193Provider[] {
  const { ethereum } = win;
  if (!ethereum) return [];
  return Array.isArray(ethereum.providers) && ethereum.providers.length > 0 ? ethereum.providers : [ethereum];
}

const legacyFinders: Record<DialogWallet, (win: InjectedWindow) => Eip1193Provider | undefined> = {
  metamask: (win) =>
    injectedCandidates(win).find(
      (provider) =>
        provider.isMetaMask === true &&
        !provider.isTokenPocket &&
        !provider.isTrust &&
        !provider.isTrustWallet &&
        !provider.isOkxWallet &&
        !provider.isOKExWallet &&
        !provider.isBraveWallet &&
        !provider.isRabby,
    ),
  okx: (win) =>
    win.okxwallet ??
    injectedCandidates(win).find((provider) => provider.isOkxWallet || provider.isOKExWallet),
  tokenpocket: (win) =>
    win.tokenpocket?.ethereum ?? injectedCandidates(win).find((provider) => provider.isTokenPocket),
  trust: (win) =>
    win.trustwallet ?? injectedCandidates(win).find((provider) => provider.isTrust || provider.isTrustWallet),
};

/** The provider of a wallet: its EIP-6963 announcement first, then the legacy injected flags. */
export function findWalletProvider(
  wallet: DialogWallet,
  win: Window | undefined = globalThis.window,
): Eip1193Provider | undefined {
  for (const rdns of walletRdns[wallet]) {
    const detail = announced.get(rdns);
    if (detail) return detail.provider;
  }
  return win ? legacyFinders[wallet](win as InjectedWindow) : undefined;
}

/** Any injected provider at all (window.ethereum or any announcement). */
export function findAnyInjectedProvider(
  win: Window | undefined = globalThis.window,
): Eip1193Provider | undefined {
  for (const wallet of dialogWallets) {
    const provider = findWalletProvider(wallet, win);
    if (provider) return provider;
  }
  const first = announced.values().next();
  if (!first.done) return first.value.provider;
  return win ? (win as InjectedWindow).ethereum : undefined;
}

export function announcedIcon(wallet: DialogWallet): string | undefined {
  for (const rdns of walletRdns[wallet]) {
    const detail = announced.get(rdns);
    if (detail?.info.icon.startsWith("data:image/")) return detail.info.icon;
  }
  return undefined;
}
