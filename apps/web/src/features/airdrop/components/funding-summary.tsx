import { Stack, Text } from "@mantine/core";

/** One figure of the funding panel, with its label above. */
export function FundingSummary({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={650} size="sm" style={{ overflowWrap: "anywhere" }} data-testid={testId}>
        {value || "—"}
      </Text>
    </Stack>
  );
}
