import { Group, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useParticipants } from "../api/get-participants";
import classes from "./airdrop.module.css";

const previewSize = 10;

export type ParticipantsPreviewProps = {
  airdropId: number;
  participantCount: number;
  totalWeight: number;
};

/** The stored list: its count and weight, and its first rows. */
export function ParticipantsPreview({ airdropId, participantCount, totalWeight }: ParticipantsPreviewProps) {
  const { t } = useTranslation("airdrop");
  const preview = useParticipants(participantCount > 0 ? airdropId : undefined, {
    page: 1,
    pageSize: previewSize,
  });
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>{t("participants.current")}</Text>
        <Text size="sm" c="dimmed" data-testid="participant-count">
          {t("participants.summary", { count: participantCount, weight: totalWeight })}
        </Text>
      </Group>
      {participantCount > 0 && preview.data && (
        <Table.ScrollContainer minWidth={420} type="native">
          <Table striped withTableBorder fz="sm" data-testid="participants-preview">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>{t("participants.columns.account")}</Table.Th>
                <Table.Th>{t("participants.columns.weight")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.data.items.map((row) => (
                <Table.Tr key={row.index}>
                  <Table.Td>{row.index + 1}</Table.Td>
                  <Table.Td className={classes.monoCell}>{row.label || row.account}</Table.Td>
                  <Table.Td>{row.weight}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {preview.data.total > previewSize && (
            <Text size="xs" c="dimmed" mt={4}>
              {t("participants.previewMore", { shown: previewSize, total: preview.data.total })}
            </Text>
          )}
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
