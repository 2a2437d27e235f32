import { shortAddress } from "@dropfair/core/address";
import { Anchor, Group, Loader, Stack, Text, ThemeIcon } from "@mantine/core";
import type { ChainRecord } from "../api/get-platform-config";
import { transactionUrl } from "../lib/explorer";
import { IconAlert, IconCheck } from "./icons";

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

/**
 * The steps of a wallet flow (approve, pay, deposit, claim…) with their state and transaction links; the
 * feature names the link ("Transaction 0x12…abcd" in its own catalogue).
 */
export function TransactionSteps({
  steps,
  chain,
  transactionLabel,
}: {
  steps: readonly TransactionStep[];
  chain: ChainRecord | undefined;
  transactionLabel: (shortHash: string) => string;
}) {
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
                    {transactionLabel(shortAddress(step.hash))}
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
