import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { IconAlert, IconCheck } from "../../../shared/ui/icons";

export type CheckOutcome = "pass" | "fail" | "neutral";

const outcomeColor: Record<CheckOutcome, string> = { pass: "jade", fail: "red", neutral: "gray" };

/** One verification result: a title, a pass/fail badge and what it means. */
export function CheckCard({
  title,
  outcome,
  badge,
  children,
  testId,
}: {
  title: string;
  outcome: CheckOutcome;
  badge: string;
  children: ReactNode;
  testId: string;
}) {
  const color = outcomeColor[outcome];
  return (
    <Card
      data-testid={testId}
      data-outcome={outcome}
      style={outcome === "fail" ? { borderColor: "var(--mantine-color-red-6)" } : undefined}
    >
      <Stack gap={8}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={700} size="sm">
            {title}
          </Text>
          <Badge
            color={color}
            variant={outcome === "neutral" ? "light" : "filled"}
            leftSection={
              outcome === "pass" ? (
                <IconCheck size={12} />
              ) : outcome === "fail" ? (
                <IconAlert size={12} />
              ) : null
            }
            style={{ flexShrink: 0 }}
          >
            {badge}
          </Badge>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
