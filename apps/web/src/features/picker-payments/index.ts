// Picker payments: paying a giveaway's winners (BatchPayout or an external transaction) and buying membership.
// The picker pages mount these dialogs in their pay and membership slots.
export { MembershipDialog, type MembershipDialogProps } from "./components/membership-dialog";
export { PayDialog, type PayDialogProps } from "./components/pay-dialog";
export type { PayoutWinner } from "./model/payout-plan";
