import type { AirdropViewer } from "../../features/airdrop";
import { canLogin, hasLogin, login, useSession } from "../../features/auth";
import { startXSignIn, useXAccount } from "../../features/x-auth";

function signInWithWallet() {
  void login();
}

function signInWithX() {
  void startXSignIn();
}

/**
 * What the airdrop pages get from other features (STYLE §1: composed here): the wallet session that creates,
 * funds and claims, and "Sign in with X" for X lists.
 */
export function useAirdropViewer(): AirdropViewer {
  const loggedIn = useSession(hasLogin);
  const address = useSession((state) => state.userAddress);
  const loginPossible = useSession(canLogin);
  const xAccount = useXAccount();
  return {
    walletAddress: loggedIn ? address : undefined,
    canLogin: loginPossible,
    login: signInWithWallet,
    xAccount: { signedIn: xAccount.signedIn, username: xAccount.username },
    signInWithX,
  };
}
