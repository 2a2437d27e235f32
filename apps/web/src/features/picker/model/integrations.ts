import type { ComponentType } from "react";

/** The visitor's X sign-in, as the x-auth feature reports it. The picker acts on X identities only. */
export type XAccount = {
  /** False also while the session is still being restored. */
  signedIn: boolean;
  xUserId?: string | undefined;
  username?: string | undefined;
};

/** The membership dialog (picker-payments), opened when a free quota is reached (typeCode 176). */
export type MembershipDialogSlotProps = { opened: boolean; onClose: () => void };

/** The pay dialog (picker-payments), opened by the owner's 'pay' while the picker is paying (status 4). */
export type PayDialogSlotProps = {
  opened: boolean;
  onClose: () => void;
  pickerId: number;
  /** Called once the payment was recorded: the page refreshes the picker. */
  onPaid: () => void;
};

/**
 * What the app composes into the picker pages: other features, passed in, never imported (see the import
 * rules in docs/architecture.md).
 */
export type PickerIntegrations = {
  xAccount: XAccount;
  /** Starts "Sign in with X" and comes back to the current page. */
  signInWithX: () => void;
  membershipDialog?: ComponentType<MembershipDialogSlotProps> | undefined;
  payDialog?: ComponentType<PayDialogSlotProps> | undefined;
};
