import { formatDateTime } from "@dropfair/core/date";
import { Alert, Button, Group, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ChainRecord } from "../../../shared/api/get-platform-config";
import { IconCheck } from "../../../shared/ui/icons";
import { type TransactionStep, TransactionSteps } from "../../../shared/ui/transaction-steps";

export type MembershipDoneProps = {
  expiresAt: string | null;
  steps: readonly TransactionStep[];
  chain: ChainRecord | undefined;
  onClose: () => void;
};

/** The plan is granted: until when, and the transactions that paid for it. */
export function MembershipDone({ expiresAt, steps, chain, onClose }: MembershipDoneProps) {
  const { t } = useTranslation(["picker-payments", "validation"]);
  return (
    <Stack gap="md" data-testid="membership-done">
      <Alert color="jade" variant="light" icon={<IconCheck size={18} />} title={t("membership.doneTitle")}>
        {t("membership.done", { date: formatDateTime(expiresAt ?? "") })}
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
