import { formatDateTime } from "@dropfair/core/date";
import { type MembershipPlan, membershipPlans } from "@dropfair/core/picker";
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { IconCheck } from "../../../shared/ui/icons";
import { TransactionDialog } from "../../../shared/ui/transaction-dialog";
import { TransactionSteps } from "../../../shared/ui/transaction-steps";
import { type MembershipStatus, useMembershipStatus } from "../api/get-membership-status";
import { membershipSymbol, useMembershipPurchase } from "../hooks/use-membership-purchase";
import { usePaymentErrorText } from "../hooks/use-payment-error-text";
import { formatBaseUnits } from "../model/amount";
import { membershipPrice } from "../model/membership-price";
import { MembershipDone } from "./membership-done";
import { MembershipRecover } from "./membership-recover";

export type MembershipDialogProps = {
  opened: boolean;
  onClose: () => void;
  /**
   * Whether an X account is signed in (membership belongs to it). When false the dialog asks for the X sign-in
   * before any transfer; leave it out when the page only opens the dialog for signed-in users.
   */
  xSignedIn?: boolean | undefined;
  /** Starts "Sign in with X"; offered when `xSignedIn` is false. */
  onSignInWithX?: (() => void) | undefined;
  /** Called with the new status once the API granted the plan (e.g. to refresh quotas). */
  onPurchased?: ((status: MembershipStatus) => void) | undefined;
};

const plans: readonly MembershipPlan[] = ["month", "year"];

function PlanCard({
  plan,
  price,
  symbol,
  selected,
  onSelect,
}: {
  plan: MembershipPlan;
  price: string;
  symbol: string;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation("picker-payments");
  return (
    <UnstyledButton onClick={onSelect} aria-pressed={selected} data-testid={`plan-${plan}`}>
      <Paper
        withBorder
        p="md"
        radius="lg"
        style={{
          borderColor: selected ? "var(--mantine-primary-color-filled)" : undefined,
          borderWidth: selected ? 2 : undefined,
          background: selected ? "var(--mantine-primary-color-light)" : undefined,
        }}
      >
        <Stack gap={4}>
          <Group justify="space-between" gap="xs">
            <Text fw={700}>{t(`membership.plans.${plan}.name`)}</Text>
            {plan === "year" && (
              <Badge size="xs" variant="light">
                {t("membership.plans.year.badge")}
              </Badge>
            )}
          </Group>
          <Text fz={26} fw={800} lh={1.1}>
            {price}{" "}
            <Text span size="sm" fw={600} c="dimmed">
              {symbol}
            </Text>
          </Text>
          <Text size="xs" c="dimmed">
            {t(`membership.plans.${plan}.period`, { months: membershipPlans[plan] })}
          </Text>
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}

function MembershipBody({
  xSignedIn,
  onSignInWithX,
  onPurchased,
  onClose,
}: Omit<MembershipDialogProps, "opened">) {
  const { t } = useTranslation(["picker-payments", "validation"]);
  const errorText = usePaymentErrorText();
  const config = usePlatformConfig();
  const status = useMembershipStatus(true);
  const [plan, setPlan] = useState<MembershipPlan>("month");
  const purchase = useMembershipPurchase({
    config: config.data,
    payment: status.data?.payment,
    plan,
    onPurchased,
  });
  const { chain, steps, working, error } = purchase;

  if (status.isError) {
    return (
      <Alert color="red" variant="light">
        {errorText(status.error) ?? t("errors.load")}
      </Alert>
    );
  }
  if (!status.data || !config.data) {
    return (
      <Center py="xl">
        <Loader type="dots" />
      </Center>
    );
  }

  const current = status.data;
  const payment = current.payment;
  const symbol = membershipSymbol;
  if (purchase.granted) {
    return (
      <MembershipDone expiresAt={purchase.granted.expiresAt} steps={steps} chain={chain} onClose={onClose} />
    );
  }

  const blockedByX = xSignedIn === false;

  return (
    <Stack gap="md">
      {current.member && (
        <Alert color="jade" variant="light" data-testid="membership-current">
          {t("membership.current", {
            plan: t(`membership.plans.${current.plan ?? "month"}.name`),
            date: formatDateTime(current.expiresAt ?? ""),
          })}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {current.member ? t("membership.extend") : t("membership.intro")}
      </Text>
      <List size="sm" spacing={4} icon={<IconCheck size={14} color="var(--mantine-color-jade-6)" />}>
        <List.Item>{t("membership.benefits.draws")}</List.Item>
        <List.Item>{t("membership.benefits.entries")}</List.Item>
        <List.Item>{t("membership.benefits.advanced")}</List.Item>
        <List.Item>{t("membership.benefits.poster")}</List.Item>
      </List>
      {!payment || !chain ? (
        <Alert color="orange" variant="light" data-testid="membership-unavailable">
          {t("membership.unavailable")}
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={2} spacing="sm">
            {plans.map((candidate) => (
              <PlanCard
                key={candidate}
                plan={candidate}
                symbol={symbol}
                price={formatBaseUnits(
                  membershipPrice(payment.monthlyPrice, payment.decimals, candidate),
                  payment.decimals,
                )}
                selected={plan === candidate}
                onSelect={() => !working && setPlan(candidate)}
              />
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t("membership.paidOn", { network: chain.name, symbol })}
          </Text>
          {blockedByX && (
            <Alert color="orange" variant="light" data-testid="membership-x-required">
              <Group justify="space-between" gap="sm">
                <Text size="sm">{t("membership.xRequired")}</Text>
                {onSignInWithX && (
                  <Button size="xs" onClick={onSignInWithX}>
                    {t("membership.signInWithX")}
                  </Button>
                )}
              </Group>
            </Alert>
          )}
          {steps.length > 0 && (
            <TransactionSteps
              steps={steps}
              chain={chain}
              transactionLabel={(hash) => t("steps.transaction", { hash })}
            />
          )}
          {error && (
            <Alert color="red" variant="light" data-testid="membership-error">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            {purchase.recordFailed && purchase.paidHash ? (
              <Button onClick={purchase.retryRecord} loading={purchase.pending}>
                {t("batch.retryRecord")}
              </Button>
            ) : (
              <Button
                onClick={purchase.payAndRecord}
                loading={working}
                disabled={blockedByX}
                data-testid="membership-pay"
              >
                {t("membership.pay", { amount: formatBaseUnits(purchase.price, payment.decimals), symbol })}
              </Button>
            )}
          </Group>
          <MembershipRecover
            plan={plan}
            onRecover={purchase.recover}
            busy={purchase.pending && !working}
            disabled={blockedByX}
          />
        </>
      )}
    </Stack>
  );
}

/**
 * Buy membership (10 USDT a month, 120 USDT a year): a USDT transfer to the treasury on the membership
 * chain, then the API verifies the receipt and grants the plan. Fits the picker pages' membership slot.
 */
export function MembershipDialog({ opened, onClose, ...props }: MembershipDialogProps) {
  const { t } = useTranslation("picker-payments");
  return (
    <TransactionDialog
      opened={opened}
      onClose={onClose}
      title={t("membership.title")}
      testId="membership-dialog"
    >
      <MembershipBody onClose={onClose} {...props} />
    </TransactionDialog>
  );
}
