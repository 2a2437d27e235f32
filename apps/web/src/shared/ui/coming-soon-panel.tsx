import { Badge, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ComingSoonIllustration } from "./illustrations";

/** The menu's 'coming' notice as a page: shown by routes whose feature a later release builds. */
export function ComingSoonPanel({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p={{ base: "lg", sm: 48 }} radius="xl" data-testid="coming-soon">
      <Stack align="center" gap="md" ta="center" maw={520} mx="auto">
        <Text c="jade.7" component="div">
          <ComingSoonIllustration />
        </Text>
        <Badge variant="light" size="lg">
          {t("coming.badge")}
        </Badge>
        <Title order={2}>{title}</Title>
        <Text c="dimmed">{description ?? t("coming.description")}</Text>
        {actions}
      </Stack>
    </Paper>
  );
}
