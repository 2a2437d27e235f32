import { formatDateTime } from "@dropfair/core/date";
import { type MembershipPlan, membershipPlans } from "@dropfair/core/picker";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Collapse,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Address, getAddress } from "viem";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { IconCheck } from "../../../shared/ui/icons";
import { TransactionDialog } from "../../../shared/ui/transaction-dialog";
import {
  type StepStatus,
  type TransactionStep,
  TransactionSteps,
} from "../../../shared/ui/transaction-steps";
import { useBuyMembership } from "../api/buy-membership";
import { type MembershipStatus, useMembershipStatus } from "../api/get-membership-status";
import { usePaymentErrorText } from "../hooks/use-payment-error-text";
import { formatBaseUnits } from "../model/amount";
import { keepsIdempotencyKey, newIdempotencyKey } from "../model/idempotency-key";
import { membershipPrice } from "../model/membership-price";
import { parseTxHash } from "../model/payout-plan";
import { monospaceInput } from "./monospace-input";

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
/** SPEC §6 prices membership in USDT; the API names the token's address on the membership chain. */
const membershipSymbol = "USDT";
const loadTransactions = () => import("../wallet/transactions");

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
  const buy = useBuyMembership();
  const [plan, setPlan] = useState<MembershipPlan>("month");
  const [steps, setSteps] = useState<TransactionStep[]>([]);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string>();
  const [paidHash, setPaidHash] = useState<string>();
  const [recoverOpened, setRecoverOpened] = useState(false);
  const [recoverHash, setRecoverHash] = useState("");
  const [recoverError, setRecoverError] = useState<string>();
  const [idempotencyKey, setIdempotencyKey] = useState(() => newIdempotencyKey("membership"));

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
  const chain = payment
    ? config.data.chains.find((candidate) => candidate.id === payment.chainId)
    : undefined;
  const symbol = membershipSymbol;
  const price = payment ? membershipPrice(payment.monthlyPrice, payment.decimals, plan) : 0n;
  const done = buy.isSuccess && buy.data.member;

  function setStep(key: string, next: StepStatus, hash?: string) {
    setSteps((previous) =>
      previous.map((step) =>
        step.key === key ? { ...step, status: next, ...(hash ? { hash } : {}) } : step,
      ),
    );
  }

  async function record(chainId: number, txHash: string, chosen: MembershipPlan) {
    setError(undefined);
    try {
      const next = await buy.mutateAsync({ input: { chainId, txHash, plan: chosen }, idempotencyKey });
      onPurchased?.(next);
      return true;
    } catch (failure) {
      if (!keepsIdempotencyKey(failure)) setIdempotencyKey(newIdempotencyKey("membership"));
      setError(errorText(failure));
      return false;
    }
  }

  async function payAndRecord() {
    if (!payment || !chain) return;
    setError(undefined);
    setWorking(true);
    setSteps([
      {
        key: "transfer",
        label: t("membership.steps.transfer", { amount: formatBaseUnits(price, payment.decimals), symbol }),
        status: "active",
      },
      { key: "record", label: t("membership.steps.record"), status: "waiting" },
    ]);
    let step = "transfer";
    try {
      const transactions = await loadTransactions();
      const { engine, address } = await transactions.connectWallet(
        config.data ?? { chains: [], sandbox: false },
      );
      const client = await transactions.clientOnChain(engine, chain);
      const token = getAddress(payment.token) as Address;
      const balance = await transactions.readToken(client, token, address);
      if (balance.balance < price) {
        setSteps([]);
        setError(t("validation:validation.airdrop.balanceInsufficient"));
        return;
      }
      const hash = await transactions.transferToken(client, token, getAddress(payment.treasury), price);
      setPaidHash(hash);
      setStep("transfer", "active", hash);
      await transactions.waitForSuccess(client, hash);
      setStep("transfer", "done");
      step = "record";
      setStep("record", "active");
      setStep("record", (await record(chain.id, hash, plan)) ? "done" : "failed");
    } catch (failure) {
      const message = errorText(failure);
      if (message === undefined) {
        setSteps([]);
        return;
      }
      setError(message);
      setStep(step, "failed");
    } finally {
      setWorking(false);
    }
  }

  async function retryRecord() {
    if (!chain || !paidHash) return;
    setStep("record", "active");
    setStep("record", (await record(chain.id, paidHash, plan)) ? "done" : "failed");
  }

  async function recover() {
    const txHash = parseTxHash(recoverHash);
    if (!txHash) {
      setRecoverError(t("external.hashInvalid"));
      return;
    }
    if (!chain) return;
    await record(chain.id, txHash, plan);
  }

  if (done) {
    return (
      <Stack gap="md" data-testid="membership-done">
        <Alert color="jade" variant="light" icon={<IconCheck size={18} />} title={t("membership.doneTitle")}>
          {t("membership.done", { date: formatDateTime(buy.data.expiresAt ?? "") })}
        </Alert>
        {steps.length > 0 && (
          <TransactionSteps
            steps={steps}
            chain={chain}
            transactionLabel={(hash) => t("steps.transaction", { hash })}
          />
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>{t("close")}</Button>
        </Group>
      </Stack>
    );
  }

  const recordFailed = steps.some((step) => step.key === "record" && step.status === "failed");
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
        <List.Item>{t("membership.benefits.shop")}</List.Item>
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
            {recordFailed && paidHash ? (
              <Button onClick={() => void retryRecord()} loading={buy.isPending}>
                {t("batch.retryRecord")}
              </Button>
            ) : (
              <Button
                onClick={() => void payAndRecord()}
                loading={working}
                disabled={blockedByX}
                data-testid="membership-pay"
              >
                {t("membership.pay", { amount: formatBaseUnits(price, payment.decimals), symbol })}
              </Button>
            )}
          </Group>
          <Stack gap={6}>
            <Anchor
              component="button"
              type="button"
              size="xs"
              onClick={() => setRecoverOpened((value) => !value)}
            >
              {t("membership.recover.toggle")}
            </Anchor>
            <Collapse expanded={recoverOpened}>
              <Group align="flex-end" gap="sm" wrap="wrap">
                <TextInput
                  label={t("membership.recover.hash", { plan: t(`membership.plans.${plan}.name`) })}
                  placeholder="0x…"
                  value={recoverHash}
                  onChange={(event) => {
                    setRecoverHash(event.currentTarget.value.trim());
                    setRecoverError(undefined);
                  }}
                  error={recoverError}
                  styles={monospaceInput}
                  spellCheck={false}
                  autoComplete="off"
                  style={{ flex: "1 1 240px" }}
                  data-testid="membership-recover-hash"
                />
                <Button
                  variant="default"
                  onClick={() => void recover()}
                  loading={buy.isPending && !working}
                  disabled={blockedByX}
                >
                  {t("membership.recover.submit")}
                </Button>
              </Group>
            </Collapse>
          </Stack>
        </>
      )}
    </Stack>
  );
}

/**
 * Buy membership (SPEC §6: 10 USDT a month, 120 USDT a year): a USDT transfer to the treasury on the membership
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
