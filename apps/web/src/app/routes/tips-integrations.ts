import { canLogin, hasLogin, login, useSession } from "../../features/auth";
import type { TipsViewer } from "../../features/tips";

function signInWithWallet() {
  void login();
}

/** What the tips pages get from the auth feature (composed here under app/): the wallet session and the login. */
export function useTipsViewer(): TipsViewer {
  const loggedIn = useSession(hasLogin);
  const address = useSession((state) => state.userAddress);
  const loginPossible = useSession(canLogin);
  return {
    walletAddress: loggedIn ? address : undefined,
    canLogin: loginPossible,
    login: signInWithWallet,
  };
}
