import { shortAddress } from "@dropfair/core/address";
import { Anchor, Group, Loader, Stack, Text, ThemeIcon } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ChainRecord } from "../../../shared/api/get-platform-config";
import { IconAlert, IconCheck } from "../../../shared/ui/icons";
import { transactionUrl } from "../model/explorer";

export type StepStatus = "waiting" | "active" | "done" | "failed";

export type TransactionStep = { key: string; label: string; status: StepStatus; hash?: string | undefined };

function StepIcon({ status, index }: { status: StepStatus; index: number }) {
  if (status === "active") return <Loader size={18} />;
  if (status === "done")
    return (
      <ThemeIcon size={22} radius="xl" color="jade">
        <IconCheck size={14} />
      </ThemeIcon>
    );
  if (status === "failed")
    return (
      <ThemeIcon size={22} radius="xl" color="red">
        <IconAlert size={14} />
      </ThemeIcon>
    );
  return (
    <ThemeIcon size={22} radius="xl" color="gray" variant="light">
      <Text size="xs" fw={700}>
        {index + 1}
      </Text>
    </ThemeIcon>
  );
}

/** The steps of a payment with their state and transaction links. */
export function TransactionSteps({
  steps,
  chain,
}: {
  steps: readonly TransactionStep[];
  chain: ChainRecord | undefined;
}) {
  const { t } = useTranslation("airdrop");
  return (
    <Stack gap="sm" data-testid="transaction-steps">
      {steps.map((step, index) => {
        const url = step.hash ? transactionUrl(chain, step.hash) : undefined;
        return (
          <Group key={step.key} gap="sm" wrap="nowrap" align="flex-start" data-status={step.status}>
            <StepIcon status={step.status} index={index} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text
                size="sm"
                fw={step.status === "active" ? 700 : 500}
                c={step.status === "waiting" ? "dimmed" : undefined}
              >
                {step.label}
              </Text>
              {step.hash &&
                (url ? (
                  <Anchor href={url} target="_blank" rel="noopener noreferrer" size="xs" ff="monospace">
                    {t("steps.transaction", { hash: shortAddress(step.hash) })}
                  </Anchor>
                ) : (
                  <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: "anywhere" }}>
                    {step.hash}
                  </Text>
                ))}
            </Stack>
          </Group>
        );
      })}
    </Stack>
  );
}
