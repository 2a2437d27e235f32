import type { RecordedMint } from "@dropfair/schemas/badges";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { TransactionDialog } from "../../../shared/ui/transaction-dialog";
import { type TransactionStep, TransactionSteps } from "../../../shared/ui/transaction-steps";
import type { MintErrorMessage } from "../model/mint-errors";

export type MintOutcome = { minted: RecordedMint[] } | { error: MintErrorMessage } | undefined;

/** The steps of a mint while it runs, then what came of it: the tokens minted, or what went wrong. */
export function MintDialog({
  opened,
  running,
  steps,
  outcome,
  onClose,
}: {
  opened: boolean;
  running: boolean;
  steps: readonly TransactionStep[];
  outcome: MintOutcome;
  onClose: () => void;
}) {
  const { t } = useTranslation("badges");
  const { data: config } = usePlatformConfig();
  const chainId = outcome && "minted" in outcome ? outcome.minted[0]?.chainId : undefined;
  const chain = config?.chains.find((candidate) => candidate.id === chainId);
  return (
    <TransactionDialog
      opened={opened}
      onClose={running ? () => {} : onClose}
      title={t("dialog.title")}
      testId="mint-dialog"
    >
      <Stack gap="md">
        <TransactionSteps
          steps={steps}
          chain={chain}
          transactionLabel={(hash) => t("dialog.transaction", { hash })}
        />
        {outcome && "minted" in outcome && (
          <Alert color="jade" variant="light" data-testid="mint-done">
            <Text size="sm">{t("dialog.done", { count: outcome.minted.length })}</Text>
          </Alert>
        )}
        {outcome && "error" in outcome && (
          <Alert color="red" variant="light" title={outcome.error.title} data-testid="mint-error">
            <Text size="sm">{outcome.error.text}</Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={running} data-testid="mint-dialog-close">
            {t("dialog.close")}
          </Button>
        </Group>
      </Stack>
    </TransactionDialog>
  );
}
