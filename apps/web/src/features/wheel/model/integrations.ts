/**
 * What the app composes into the wheel pages (the wallet session lives in the auth feature, composed under app/):
 * who is signed in, and the login.
 */
export type WheelViewer = {
  /** The wallet signed in with a bearer token, undefined when logged out. */
  walletAddress: string | undefined;
  /** A login (wallet choice, then SIWE) is possible now. */
  canLogin: boolean;
  /** Connects a wallet and signs in. */
  login: () => void;
};

/** The key that separates one viewer's cached answers from another's. */
export function viewerKey(viewer: WheelViewer): string | undefined {
  return viewer.walletAddress?.toLowerCase();
}
