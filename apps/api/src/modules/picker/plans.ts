// Plans and payments: the free plan's limits, membership bought with an on-chain USDT payment, and the
// payment of a picker's winners (our BatchPayout to every winner's address, or any successful transaction).
import { toChecksumAddress } from "@dropfair/core/address";
import { membershipMonthlyPriceUsdt, pickerStatus } from "@dropfair/core/picker";
import {
  membershipPeriod,
  membershipPrice,
  pickerPaymentReference,
  pickerPlanLimits,
} from "@dropfair/core/picker-rules";
import { type Actor, requireOperator } from "./access.ts";
import { activeMembership, insertMembership, membershipPaymentUsed } from "./account-repository.ts";
import { loadPicker, type PickerDependencies } from "./context.ts";
import { drawsToday } from "./draws.ts";
import { pickerErrors } from "./errors.ts";
import { pickerPaymentUsed, recordPickerPayment, winnerInfos } from "./repository.ts";

/** The reference a batch payment carries so it pays this picker and no other. */
export const paymentReference = pickerPaymentReference;

export type PayInput =
  | { mode: "batch"; chainId: number; txHash: `0x${string}`; token: string; amountPerWinner: string }
  | { mode: "external"; chainId: number; txHash: `0x${string}` };

export function pickerPlans(dependencies: PickerDependencies) {
  const { db, config } = dependencies;

  async function membershipStatus(actor: Actor | null) {
    const membership = actor ? await activeMembership(db, actor.xUserId, dependencies.now()) : undefined;
    const limits = pickerPlanLimits(membership !== undefined);
    return {
      member: membership !== undefined,
      plan: membership?.plan ?? null,
      expiresAt: membership?.expiresAt.toISOString() ?? null,
      drawsToday: actor ? await drawsToday(dependencies, actor.xUserId) : 0,
      drawsPerDay: limits.drawsPerDay,
      entriesPerPost: limits.entriesPerPost,
      payment: config.membership
        ? {
            chainId: config.membership.chainId,
            token: config.membership.token,
            treasury: config.membership.treasury,
            decimals: config.membership.decimals,
            monthlyPrice: membershipMonthlyPriceUsdt,
          }
        : null,
    };
  }

  /** Checks a batch payment on chain: our BatchPayout paid every winner's EVM address this picker's reference. */
  async function verifyBatchPayment(
    picker: { id: number; seed: string; infoType: string },
    body: Extract<PayInput, { mode: "batch" }>,
  ): Promise<void> {
    const contract = config.batchPayout[body.chainId];
    if (!contract) throw pickerErrors.paymentUnavailable();
    if (picker.infoType !== "evm") throw pickerErrors.noWinnerAddresses();
    const addresses = await winnerInfos(db, picker.id);
    if (addresses.length === 0) throw pickerErrors.noWinnerAddresses();
    const amount = BigInt(body.amountPerWinner);
    await dependencies.payments.verifyBatch({
      chainId: body.chainId,
      txHash: body.txHash,
      batchPayout: contract,
      token: body.token === "native" ? "native" : toChecksumAddress(body.token),
      payments: addresses.map((address) => ({ to: toChecksumAddress(address), amount })),
      reference: paymentReference(picker.seed),
    });
  }

  return {
    membershipStatus,

    /** Membership from an on-chain USDT payment to the treasury, verified from its receipt. */
    async buyMembership(
      actor: Actor | null,
      body: { chainId: number; txHash: `0x${string}`; plan: "month" | "year" },
    ) {
      if (!actor) throw pickerErrors.usageLimit();
      const settings = config.membership;
      if (!settings) throw pickerErrors.paymentUnavailable();
      if (body.chainId !== settings.chainId) throw pickerErrors.paymentInvalid("wrong-chain");
      if (await membershipPaymentUsed(db, body.chainId, body.txHash)) throw pickerErrors.paymentUsed();
      const payment = await dependencies.payments.verifyMembership({
        chainId: body.chainId,
        txHash: body.txHash,
        token: settings.token,
        to: settings.treasury,
        minAmount: membershipPrice(body.plan, settings.decimals),
      });
      const current = await activeMembership(db, actor.xUserId, dependencies.now());
      const { startsAt, expiresAt } = membershipPeriod(body.plan, current?.expiresAt, dependencies.now());
      const inserted = await insertMembership(db, {
        xUserId: actor.xUserId,
        payer: payment.payer,
        plan: body.plan,
        chainId: body.chainId,
        txHash: body.txHash,
        amount: payment.amount.toString(),
        startsAt,
        expiresAt,
      });
      if (!inserted) throw pickerErrors.paymentUsed();
      return membershipStatus(actor);
    },

    /** Record the payment: our BatchPayout paying every confirmed winner's EVM address, or any successful tx. */
    async pay(id: number, actor: Actor | null, body: PayInput) {
      const picker = await loadPicker(db, id);
      await requireOperator(db, picker, actor);
      if (picker.status !== pickerStatus.paying) throw pickerErrors.wrongState();
      if (await pickerPaymentUsed(db, body.chainId, body.txHash)) throw pickerErrors.paymentUsed();
      if (body.mode === "batch") await verifyBatchPayment(picker, body);
      else await dependencies.payments.verifyTransaction({ chainId: body.chainId, txHash: body.txHash });
      const payment = { chainId: body.chainId, txHash: body.txHash, paidAt: dependencies.now() };
      if (!(await recordPickerPayment(db, id, payment, pickerStatus.paying, pickerStatus.completed))) {
        throw pickerErrors.wrongState();
      }
      return { chainId: body.chainId, txHash: body.txHash };
    },
  };
}
