import { createElement } from "react";
import type { AirdropViewer } from "../../features/airdrop";
import { canLogin, hasLogin, login, useLoginStatusDetail, useSession } from "../../features/auth";
import { SocialLinkControl } from "../../features/social-links";
import { startXSignIn, useXAccount } from "../../features/x-auth";

function signInWithWallet() {
  void login();
}

function signInWithX() {
  void startXSignIn();
}

function bindControl(provider: "discord" | "telegram") {
  return createElement(SocialLinkControl, { provider });
}

/**
 * What the airdrop pages get from other features (composed here under app/, see docs/architecture.md): the
 * wallet session that creates, funds and claims, "Sign in with X" for X lists, and the Discord and Telegram
 * accounts bound to the wallet.
 */
export function useAirdropViewer(): AirdropViewer {
  const loggedIn = useSession(hasLogin);
  const address = useSession((state) => state.userAddress);
  const loginPossible = useSession(canLogin);
  const xAccount = useXAccount();
  const token = useSession((state) => state.userToken);
  const detail = useLoginStatusDetail(loggedIn ? token : undefined);
  return {
    walletAddress: loggedIn ? address : undefined,
    canLogin: loginPossible,
    login: signInWithWallet,
    xAccount: { signedIn: xAccount.signedIn, username: xAccount.username },
    signInWithX,
    socialLinks: {
      discord: { bound: Boolean(detail.data?.discord), id: detail.data?.discord?.id },
      telegram: { bound: Boolean(detail.data?.telegram), id: detail.data?.telegram?.id },
    },
    bindControl: bindControl,
  };
}
