import { canLogin, hasLogin, login, useSession } from "../../features/auth";
import type { WheelViewer } from "../../features/wheel";

function signInWithWallet() {
  void login();
}

/** What the wheel pages get from the auth feature (composed here under app/): the wallet session and the login. */
export function useWheelViewer(): WheelViewer {
  const loggedIn = useSession(hasLogin);
  const address = useSession((state) => state.userAddress);
  const loginPossible = useSession(canLogin);
  return {
    walletAddress: loggedIn ? address : undefined,
    canLogin: loginPossible,
    login: signInWithWallet,
  };
}
