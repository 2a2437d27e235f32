import { configureApiClient } from "../../../shared/api/client";
import { ApiError } from "../../../shared/api/errors";
import type { PlatformConfig } from "../../../shared/api/get-platform-config";
import { i18n } from "../../../shared/i18n/i18n";
import { messageDialog } from "../../../shared/ui/message-dialog-state";
import { walletDeepLink } from "../../../shared/wallet/deep-links";
import { isMobileDevice } from "../../../shared/wallet/device";
import { findAnyInjectedProvider, findWalletProvider } from "../../../shared/wallet/discovery";
import { isUserRejection, walletErrorMessage } from "../../../shared/wallet/eip1193";
import {
  loadedWalletEngine,
  loadWalletEngine,
  type WalletEngine,
} from "../../../shared/wallet/engine-loader";
import { chooseWalletInDialog } from "../../../shared/wallet/wallet-dialog-state";
import { networkStore, walletConnectionStore } from "../../../shared/wallet/wallet-state";
import {
  isDialogWallet,
  mobileInjectedOrder,
  type WalletId,
  walletInstallUrls,
} from "../../../shared/wallet/wallets";
import { getSignMessage } from "../api/get-sign-message";
import { login as loginRequest } from "../api/login";
import { logout as logoutRequest } from "../api/logout";
import { readParentCode } from "./parent-code";
import { canLogin, clearedLogin, hasLogin, sessionStore, setLoginPrepare } from "./session-store";
import { clearTokenCookie, isReusableToken, readTokenCookie, writeTokenCookie } from "./token-cookie";

let platform: PlatformConfig | undefined;
/** While we connect or disconnect ourselves, wallet events are ours, not the user's. */
let walletEventsMuted = false;
let watchingWallet = false;

function engineOptions(config: PlatformConfig) {
  return { chains: config.chains, sandbox: config.sandbox };
}

/** Starts the session for the configured project: cached token, and the wallet if a session exists. */
export function initSession(config: PlatformConfig) {
  if (platform) return;
  platform = config;
  const { project } = config;
  sessionStore.set({ project });
  // Every request carries the session's bearer (the X token is the x-auth feature's to send).
  configureApiClient({ userToken: () => sessionStore.get().userToken });
  networkStore.set({ wallet: "metamask" });

  const cached = readTokenCookie(project);
  if (isReusableToken(cached, { project })) {
    sessionStore.set({ userAddress: cached.address, userToken: cached.token });
    setLoginPrepare("restore", false);
    void restoreWallet(config).finally(() => setLoginPrepare("restore", true));
  } else if (cached) {
    clearTokenCookie(project);
  }
  setLoginPrepare("config", true);
}

async function restoreWallet(config: PlatformConfig) {
  try {
    const engine = await loadWalletEngine(engineOptions(config));
    watchWallet();
    walletEventsMuted = true;
    const account = await engine.reconnect();
    walletEventsMuted = false;
    const { userAddress } = sessionStore.get();
    if (account && userAddress && account.address.toLowerCase() !== userAddress.toLowerCase()) {
      await onAccountChanged(engine, account.address, account.chainId);
    }
  } catch {
    // The session stays usable without a wallet connection; signing actions will reconnect.
  } finally {
    walletEventsMuted = false;
  }
}

/** An account change clears the login state and re-initialises it with the new address. */
function watchWallet() {
  if (watchingWallet) return;
  watchingWallet = true;
  walletConnectionStore.subscribe((next, previous) => {
    if (walletEventsMuted || !platform) return;
    const session = sessionStore.get();
    if (!session.userAddress) return;
    if (previous.status === "connected" && next.status === "disconnected") {
      void logout();
      return;
    }
    if (
      next.status === "connected" &&
      next.address &&
      next.address.toLowerCase() !== session.userAddress.toLowerCase()
    ) {
      const engine = loadWalletEngine(engineOptions(platform));
      void engine.then((loaded) =>
        onAccountChanged(loaded, next.address as string, next.chainId ?? platform?.defaultChainId ?? 56),
      );
    }
  });
}

async function onAccountChanged(engine: WalletEngine, address: string, chainId: number) {
  if (!platform) return;
  const wasLoggedIn = hasLogin(sessionStore.get());
  sessionStore.set({ ...clearedLogin, userAddress: address });
  const cached = readTokenCookie(platform.project);
  if (isReusableToken(cached, { project: platform.project, address })) {
    sessionStore.set({ userToken: cached.token });
    return;
  }
  if (!wasLoggedIn) return;
  sessionStore.set({ isConnecting: true });
  walletEventsMuted = true;
  try {
    await signIn(engine, address, chainId);
  } catch (error) {
    await reportLoginFailure(error, engine);
  } finally {
    walletEventsMuted = false;
    sessionStore.set({ isConnecting: false });
  }
}

/** On mobile an injected wallet is used directly; otherwise the user picks one. */
async function pickWallet(config: PlatformConfig): Promise<WalletId | null> {
  if (isMobileDevice()) {
    for (const wallet of mobileInjectedOrder) if (findWalletProvider(wallet)) return wallet;
    if (findAnyInjectedProvider()) return "injected";
  }
  return chooseWalletInDialog({ includeSandbox: config.sandbox });
}

/** SIWE (EIP-4361): reuse a live cached token for this address, otherwise sign the server's message. */
async function signIn(engine: WalletEngine, address: string, chainId: number) {
  if (!platform) return;
  const { project } = platform;
  const cached = readTokenCookie(project);
  if (isReusableToken(cached, { project, address })) {
    sessionStore.set({ userAddress: address, userToken: cached.token });
    return;
  }
  const message = await getSignMessage({ project, address, chainId });
  const signature = await engine.signMessage(address, message);
  const result = await loginRequest({ project, address, signature, parent: readParentCode() });
  writeTokenCookie(project, { address, token: result.token, expireTime: result.expireAt });
  sessionStore.set({ userAddress: address, userToken: result.token });
}

function failureMessage(error: unknown) {
  if (error instanceof ApiError) return error.message;
  return walletErrorMessage(error);
}

/** A failed wallet login shows its message, then clears the login state; a rejection shows nothing. */
async function reportLoginFailure(error: unknown, engine: WalletEngine | undefined) {
  const silent = isUserRejection(error) || (error instanceof ApiError && error.kind === "global");
  if (!silent) void messageDialog.error(failureMessage(error), i18n.t("wallet.loginFailed"));
  sessionStore.set(clearedLogin);
  walletEventsMuted = true;
  await engine?.disconnect();
}

function openMissingWallet(wallet: WalletId) {
  if (!isDialogWallet(wallet)) {
    void messageDialog.error(i18n.t("wallet.noneDetected"));
    return;
  }
  if (isMobileDevice()) {
    window.location.href = walletDeepLink(wallet, window.location.href);
    return;
  }
  void messageDialog.error(
    i18n.t("wallet.notInstalled", {
      wallet: i18n.t(`wallet.names.${wallet}`),
      url: walletInstallUrls[wallet],
    }),
  );
}

/** Connect a wallet and sign in with Ethereum. Does nothing while login is not possible (`canLogin`). */
export async function login(): Promise<void> {
  const config = platform;
  if (!config || !canLogin(sessionStore.get())) return;
  sessionStore.set({ isConnecting: true });
  let engine: WalletEngine | undefined;
  try {
    const wallet = await pickWallet(config);
    if (!wallet) return;
    engine = await loadWalletEngine(engineOptions(config));
    watchWallet();
    if (!engine.isAvailable(wallet)) {
      openMissingWallet(wallet);
      return;
    }
    walletEventsMuted = true;
    const { address, chainId } = await engine.connect(wallet);
    networkStore.set({ wallet });
    await signIn(engine, address, chainId);
  } catch (error) {
    await reportLoginFailure(error, engine);
  } finally {
    walletEventsMuted = false;
    sessionStore.set({ isConnecting: false });
  }
}

/** Logout: revoke the token, clear address, token, cookie and social flags, and disconnect the wallet. */
export async function logout(): Promise<void> {
  const { project, userToken } = sessionStore.get();
  sessionStore.set(clearedLogin);
  if (project) clearTokenCookie(project);
  const engine = loadedWalletEngine();
  walletEventsMuted = true;
  try {
    await Promise.all([
      userToken ? logoutRequest(userToken).catch(() => undefined) : undefined,
      engine?.then((loaded) => loaded.disconnect()).catch(() => undefined),
    ]);
  } finally {
    walletEventsMuted = false;
  }
}

/**
 * After a 401 or a timeout the user is told the token expired and logged out (the shell clears the X sign-in
 * too). Returns whether there was a wallet session to end.
 */
export function expireSession(): boolean {
  const state = sessionStore.get();
  const hadSession = hasLogin(state);
  if (hadSession) {
    sessionStore.set(clearedLogin);
    if (state.project) clearTokenCookie(state.project);
    void loadedWalletEngine()?.then((engine) => {
      walletEventsMuted = true;
      return engine.disconnect().finally(() => {
        walletEventsMuted = false;
      });
    });
  }
  return hadSession;
}
