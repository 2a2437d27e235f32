import { Stack, Text } from "@mantine/core";

/** One figure of the payout review, with its label above. */
export function PayoutSummary({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 800 : 600} size={strong ? "lg" : "sm"} style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </Stack>
  );
}
