import { shortAddress } from "@dropfair/core/address";
import { formatDateTime } from "@dropfair/core/date";
import type { PickerDraw } from "@dropfair/schemas/picker";
import {
  Alert,
  Badge,
  CopyButton,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useHistory } from "../api/get-history";
import { usePickerErrorText } from "../hooks/use-picker-error";
import classes from "./picker.module.css";

function HashCell({ value }: { value: string | null }) {
  const { t } = useTranslation("picker");
  if (!value) return <Text size="sm">–</Text>;
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t("share.copied") : value} maw={360} multiline>
          <UnstyledButton onClick={copy} className={classes.mono} fz="sm" data-testid="history-hash">
            {shortAddress(value)}
          </UnstyledButton>
        </Tooltip>
      )}
    </CopyButton>
  );
}

const kindColor: Record<PickerDraw["kind"], string> = { draw: "jade", redraw: "violet", replace: "orange" };

/** The public draw history: count, kind, block and block hash (the seed of that draw), reason. */
export function HistoryTab({ id }: { id: number }) {
  const { t } = useTranslation("picker");
  const errorText = usePickerErrorText();
  const history = useHistory(id);
  if (history.isPending) return <Loader size="sm" />;
  if (history.isError) return <Alert color="red">{errorText(history.error)}</Alert>;
  if (history.data.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="history-empty">
        {t("history.empty")}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t("history.explain")}
      </Text>
      <div className={classes.tableWrap}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="xs"
          miw={720}
          className={classes.nowrapHead}
          data-testid="history-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("history.count")}</Table.Th>
              <Table.Th>{t("history.kind")}</Table.Th>
              <Table.Th>{t("history.block")}</Table.Th>
              <Table.Th>{t("history.blockHash")}</Table.Th>
              <Table.Th>{t("history.entries")}</Table.Th>
              <Table.Th>{t("history.reason")}</Table.Th>
              <Table.Th>{t("history.time")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...history.data].reverse().map((entry) => (
              <Table.Tr key={entry.count} data-testid="history-row">
                <Table.Td>{entry.count}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Badge variant="light" color={kindColor[entry.kind]}>
                      {t(`history.kinds.${entry.kind}`)}
                    </Badge>
                    {entry.status !== "drawn" && (
                      <Badge variant="outline" color={entry.status === "failed" ? "red" : "blue"}>
                        {t(`history.states.${entry.status}`)}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td className={classes.mono}>{entry.targetBlock}</Table.Td>
                <Table.Td>
                  <HashCell value={entry.blockHash} />
                </Table.Td>
                <Table.Td>{entry.entryCount}</Table.Td>
                <Table.Td maw={260}>
                  <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                    {entry.reason ?? "–"}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(entry.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </Stack>
  );
}
