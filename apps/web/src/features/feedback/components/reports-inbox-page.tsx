import { formatDateTime } from "@dropfair/core/date";
import { type ReportKind, type ReportStatus, reportKinds, reportStatuses } from "@dropfair/core/feedback";
import type { FeedbackReport } from "@dropfair/schemas/feedback";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { downloadSubscriptions, screenshotUrl } from "../api/downloads";
import { reportPageSize, useReports } from "../api/get-reports";
import { useUpdateReportStatus } from "../api/update-report-status";
import classes from "./feedback.module.css";

const statusColors: Record<ReportStatus, string> = { new: "blue", triaged: "yellow", done: "gray" };

function Screenshot({ reportId }: { reportId: number }) {
  const { t } = useTranslation("feedback");
  const [url, setUrl] = useState<string>();
  const [failed, setFailed] = useState(false);
  if (url) return <Image src={url} alt={t("inbox.screenshotAlt")} className={classes.screenshot} maw={320} />;
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      style={{ alignSelf: "flex-start" }}
      c={failed ? "red" : undefined}
      onClick={() => screenshotUrl(reportId).then(setUrl, () => setFailed(true))}
    >
      {failed ? t("inbox.screenshotFailed") : t("inbox.showScreenshot")}
    </Anchor>
  );
}

function ReportRow({ report }: { report: FeedbackReport }) {
  const { t } = useTranslation("feedback");
  const update = useUpdateReportStatus();
  return (
    <Table.Tr data-testid={`report-row-${report.id}`}>
      <Table.Td>
        <Stack gap={4}>
          <Group gap={6}>
            <Badge variant="light" color={report.kind === "bug" ? "red" : "grape"}>
              {t(`kinds.${report.kind}`)}
            </Badge>
            <Text fw={600}>{report.title}</Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {report.description}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {t("inbox.meta", {
              page: report.page,
              time: formatDateTime(report.createdAt),
              contact: report.contact ?? t("inbox.noContact"),
              locale: report.locale,
            })}
          </Text>
          {report.reporterAddress && (
            <Text size="xs" c="dimmed" ff="monospace">
              {report.reporterAddress}
            </Text>
          )}
          {report.hasScreenshot && <Screenshot reportId={report.id} />}
        </Stack>
      </Table.Td>
      <Table.Td w={160}>
        <Stack gap={6}>
          <Badge color={statusColors[report.status]}>{t(`statuses.${report.status}`)}</Badge>
          <Select
            aria-label={t("inbox.setStatus")}
            size="xs"
            data={reportStatuses.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
            value={report.status}
            allowDeselect={false}
            disabled={update.isPending}
            onChange={(status) => {
              if (status && status !== report.status)
                update.mutate(
                  { id: report.id, status: status as ReportStatus },
                  { onError: (error) => notifications.show({ color: "red", message: error.message }) },
                );
            }}
            data-testid={`report-status-${report.id}`}
          />
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/** Whether the signed-in wallet is an administrator, as far as the interface knows (the server checks again). */
export type InboxAccess = "checking" | "admin" | "denied";

/** The administrators' inbox of reports, with status changes and the newsletter export. */
export function ReportsInboxPage({ access }: { access: InboxAccess }) {
  const isAdmin = access === "admin";
  const { t } = useTranslation("feedback");
  const [status, setStatus] = useState<ReportStatus | undefined>("new");
  const [kind, setKind] = useState<ReportKind | undefined>();
  const [page, setPage] = useState(1);
  const reports = useReports({ status, kind, page }, isAdmin);
  const [exporting, setExporting] = useState(false);

  if (access === "checking") return <Loader size="sm" />;
  if (!isAdmin)
    return (
      <Alert color="yellow" variant="light" data-testid="inbox-admins-only">
        {t("inbox.adminsOnly")}
      </Alert>
    );

  async function exportList() {
    setExporting(true);
    try {
      await downloadSubscriptions();
    } catch (error) {
      notifications.show({ color: "red", message: error instanceof Error ? error.message : String(error) });
    } finally {
      setExporting(false);
    }
  }

  const all = (label: string) => [{ value: "", label }];
  return (
    <Stack gap="lg" data-testid="reports-inbox">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t("inbox.title")}</Title>
          <Text c="dimmed">{t("inbox.subtitle")}</Text>
        </Stack>
        <Button variant="default" loading={exporting} onClick={exportList} data-testid="newsletter-export">
          {t("inbox.export")}
        </Button>
      </Group>
      <Group gap="sm" wrap="wrap">
        <Select
          label={t("inbox.status")}
          data={[
            ...all(t("inbox.all")),
            ...reportStatuses.map((value) => ({ value, label: t(`statuses.${value}`) })),
          ]}
          value={status ?? ""}
          onChange={(value) => {
            setStatus((value || undefined) as ReportStatus | undefined);
            setPage(1);
          }}
          allowDeselect={false}
          w={160}
          data-testid="inbox-status-filter"
        />
        <Select
          label={t("inbox.kind")}
          data={[
            ...all(t("inbox.all")),
            ...reportKinds.map((value) => ({ value, label: t(`kinds.${value}`) })),
          ]}
          value={kind ?? ""}
          onChange={(value) => {
            setKind((value || undefined) as ReportKind | undefined);
            setPage(1);
          }}
          allowDeselect={false}
          w={160}
        />
      </Group>
      <Card withBorder padding={0}>
        {reports.isPending ? (
          <Group p="lg">
            <Loader size="sm" />
          </Group>
        ) : reports.isError ? (
          <Alert color="red" variant="light" m="md">
            {reports.error.message}
          </Alert>
        ) : reports.data.items.length === 0 ? (
          <Text c="dimmed" p="lg" data-testid="inbox-empty">
            {t("inbox.empty")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table className={classes.reportTable} verticalSpacing="md" horizontalSpacing="md">
              <Table.Tbody>
                {reports.data.items.map((report) => (
                  <ReportRow key={report.id} report={report} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {reports.data && reports.data.total > reportPageSize && (
        <Pagination total={Math.ceil(reports.data.total / reportPageSize)} value={page} onChange={setPage} />
      )}
    </Stack>
  );
}
