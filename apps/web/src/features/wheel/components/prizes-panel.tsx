import type { WheelPrize } from "@dropfair/schemas/wheel";
import { Card, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePrizeText } from "../hooks/use-prize-text";
import { prizeOdds } from "../model/wheel-display";

/** The prizes in wheel order: what each is, its chance while none is used up, and how many were won. */
export function PrizesPanel({ prizes }: { prizes: readonly WheelPrize[] }) {
  const { t } = useTranslation("wheel");
  const text = usePrizeText();
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="prizes-panel">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t("prizes.title")}
        </Title>
        <Table verticalSpacing="xs" horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("prizes.prize")}</Table.Th>
              <Table.Th ta="right">{t("prizes.oddsColumn")}</Table.Th>
              <Table.Th ta="right">{t("prizes.wonColumn")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {prizes.map((prize) => (
              <Table.Tr key={prize.id} data-testid={`prize-${prize.id}`}>
                <Table.Td fz="sm">
                  <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
                    {text.prize(prize)}
                  </Text>
                </Table.Td>
                <Table.Td fz="sm" ta="right">
                  {t("prizes.odds", { odds: prizeOdds(prize, prizes) })}
                </Table.Td>
                <Table.Td fz="sm" ta="right" style={{ whiteSpace: "nowrap" }}>
                  {prize.count === null
                    ? text.count(prize.won)
                    : `${text.count(prize.won)} / ${text.count(prize.count)}`}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}
