import { lazy, Suspense, useEffect, useState } from "react";
import type {
  MembershipDialogSlotProps,
  PayDialogSlotProps,
  PickerIntegrations,
} from "../../features/picker";
import { startXSignIn, useXAccount } from "../../features/x-auth";
import { usePlatformConfig } from "../../shared/api/get-platform-config";

// The payment dialogs carry the wallet stack: they load when first opened, never with the picker pages.
const MembershipDialog = lazy(() =>
  import("../../features/picker-payments").then((module) => ({ default: module.MembershipDialog })),
);
const PayDialog = lazy(() =>
  import("../../features/picker-payments").then((module) => ({ default: module.PayDialog })),
);

/** Mounted from the first opening on, so the closing transition still plays. */
function useOpenedOnce(opened: boolean) {
  const [mounted, setMounted] = useState(opened);
  useEffect(() => {
    if (opened) setMounted(true);
  }, [opened]);
  return mounted || opened;
}

function signInWithX() {
  void startXSignIn();
}

function MembershipSlot({ opened, onClose }: MembershipDialogSlotProps) {
  const { signedIn } = useXAccount();
  if (!useOpenedOnce(opened)) return null;
  return (
    <Suspense fallback={null}>
      <MembershipDialog opened={opened} onClose={onClose} xSignedIn={signedIn} onSignInWithX={signInWithX} />
    </Suspense>
  );
}

function PaySlot(props: PayDialogSlotProps) {
  const { data: platform } = usePlatformConfig();
  if (!useOpenedOnce(props.opened)) return null;
  // Our BatchPayout contract per chain, from the server's configuration.
  const batchPayout = Object.fromEntries(
    (platform?.picker?.batchPayout ?? []).map((entry) => [entry.chainId, entry.address]),
  );
  return (
    <Suspense fallback={null}>
      <PayDialog {...props} batchPayout={batchPayout} />
    </Suspense>
  );
}

/**
 * What the picker pages get from other features (composed here, never imported by the feature; see the import
 * rules in docs/architecture.md): the X account and "Sign in with X" back to the current page, and the
 * membership and pay dialogs.
 */
export function usePickerIntegrations(): PickerIntegrations {
  const account = useXAccount();
  return {
    xAccount: { signedIn: account.signedIn, xUserId: account.xUserId, username: account.username },
    signInWithX,
    membershipDialog: MembershipSlot,
    payDialog: PaySlot,
  };
}
