import type { ReactNode } from "react";

/**
 * What the app composes into the airdrop pages (other features are passed in, never imported; see the import
 * rules in docs/architecture.md): the wallet session that creates and claims, the X sign-in that proves an X
 * participant, and the Discord and Telegram accounts bound to the wallet.
 */
export type AirdropViewer = {
  /** The wallet signed in with a bearer token, undefined when logged out. */
  walletAddress: string | undefined;
  /** A login (wallet choice, then SIWE) is possible now. */
  canLogin: boolean;
  /** Connects a wallet and signs in; resolves when done or dismissed. */
  login: () => void;
  /** The visitor's X sign-in (the list's account type for X airdrops). */
  xAccount: { signedIn: boolean; username?: string | undefined };
  /** Starts "Sign in with X" and comes back to the current page. */
  signInWithX: () => void;
  /** The Discord and Telegram accounts bound to the signed-in wallet (Discord and Telegram lists, Discord roles). */
  socialLinks: Record<"discord" | "telegram", { bound: boolean; id?: string | undefined }>;
  /** The bind/unbind control of a provider, which comes back to the current page. */
  bindControl: (provider: "discord" | "telegram") => ReactNode;
};
