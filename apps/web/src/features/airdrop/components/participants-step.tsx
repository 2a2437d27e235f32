import type { ParticipantReport } from "@dropfair/schemas/airdrop";
import {
  Alert,
  Button,
  FileButton,
  Group,
  Progress,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useClearParticipants } from "../api/clear-participants";
import { importUnderWay, useParticipantImport } from "../api/get-participant-import";
import { useParticipants } from "../api/get-participants";
import { invalidateAirdrop } from "../api/invalidate-airdrop";
import { useUploadParticipants } from "../api/upload-participants";
import { useAirdropErrorText } from "../hooks/use-airdrop-error";
import type { FieldErrors, WizardDraft } from "../model/wizard-form";
import classes from "./airdrop.module.css";
import { FieldMessageText } from "./field-error";
import { ParticipantReportView } from "./participant-report";

const previewSize = 10;

export type ParticipantsStepProps = {
  airdropId: number;
  idType: WizardDraft["idType"];
  participantCount: number;
  totalWeight: number;
  report: ParticipantReport | undefined;
  onReport: (report: ParticipantReport | undefined) => void;
  errors: FieldErrors;
  /** Released or funded airdrops keep their list. */
  locked: boolean;
};

type Source = "paste" | "file";

/** Step 2: the participant list — paste or a CSV file, the upload report and a preview of the stored list. */
export function ParticipantsStep({
  airdropId,
  idType,
  participantCount,
  totalWeight,
  report,
  onReport,
  errors,
  locked,
}: ParticipantsStepProps) {
  const { t } = useTranslation("airdrop");
  const errorText = useAirdropErrorText();
  const [source, setSource] = useState<Source>("paste");
  const [pasted, setPasted] = useState("");
  const [file, setFile] = useState<File | null>(null);
  /** A file is being dragged over the drop area. */
  const [dragging, setDragging] = useState(false);
  const [failure, setFailure] = useState<string>();
  const upload = useUploadParticipants();
  const clear = useClearParticipants();
  const queryClient = useQueryClient();
  // A long list is imported in the background: its progress is polled, also when the creator comes back.
  const importing = useParticipantImport(airdropId, !locked);
  const current = importing.data;
  const underWay = importUnderWay(current);
  /** The import this visit saw under way: its end brings the report (or the error) and the stored list. */
  const [watched, setWatched] = useState<number>();
  useEffect(() => {
    if (!current) return;
    if (importUnderWay(current)) {
      setWatched(current.id);
      return;
    }
    if (current.id !== watched) return;
    setWatched(undefined);
    if (current.state === "done" && current.report) onReport(current.report);
    if (current.state === "failed" && current.error) setFailure(current.error.message);
    void invalidateAirdrop(queryClient, airdropId);
  }, [current, watched, onReport, queryClient, airdropId]);
  const preview = useParticipants(participantCount > 0 ? airdropId : undefined, {
    page: 1,
    pageSize: previewSize,
  });

  async function submit() {
    setFailure(undefined);
    const text = source === "paste" ? pasted : file ? await file.text() : "";
    if (text.trim() === "") {
      setFailure(t("participants.emptyInput"));
      return;
    }
    try {
      const result = await upload.mutateAsync({ airdropId, text });
      if (result.kind === "stored") onReport(result.report);
      else {
        onReport(undefined);
        setWatched(result.import.id);
      }
    } catch (error) {
      setFailure(errorText(error));
    }
  }

  async function clearList() {
    setFailure(undefined);
    try {
      await clear.mutateAsync(airdropId);
      onReport(undefined);
    } catch (error) {
      setFailure(errorText(error));
    }
  }

  return (
    <Stack gap="md" data-testid="wizard-participants">
      <Text size="sm" c="dimmed">
        {t(`participants.formatHint.${idType}`)}
      </Text>
      {!locked && (
        <>
          <SegmentedControl
            value={source}
            onChange={(value) => setSource(value as Source)}
            data={[
              { value: "paste", label: t("participants.paste") },
              { value: "file", label: t("participants.file") },
            ]}
            w={{ base: "100%", xs: "auto" }}
            style={{ alignSelf: "flex-start" }}
          />
          {source === "paste" ? (
            <Textarea
              label={t("participants.pasteLabel")}
              placeholder={t(`participants.placeholder.${idType}`)}
              value={pasted}
              onChange={(event) => setPasted(event.currentTarget.value)}
              autosize
              minRows={6}
              maxRows={14}
              spellCheck={false}
              classNames={{ input: classes.mono }}
              data-testid="participants-paste"
            />
          ) : (
            <Stack
              gap="xs"
              align="flex-start"
              p="md"
              className={classes.dropArea}
              data-dragging={dragging || undefined}
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={(event) => {
                event.preventDefault();
                setDragging(false);
                const dropped = event.dataTransfer.files[0];
                if (dropped) setFile(dropped);
              }}
              data-testid="participants-drop"
            >
              <Group gap="sm">
                <FileButton onChange={setFile} accept=".csv,.txt,text/csv,text/plain">
                  {(props) => (
                    <Button variant="default" {...props} data-testid="participants-file-button">
                      {t("participants.chooseFile")}
                    </Button>
                  )}
                </FileButton>
                <Text size="sm" c="dimmed">
                  {t("participants.dropHint")}
                </Text>
              </Group>
              <Text
                size="sm"
                fw={file ? 600 : undefined}
                c={file ? undefined : "dimmed"}
                data-testid="participants-file-name"
              >
                {file
                  ? t("participants.fileChosen", { name: file.name, size: Math.ceil(file.size / 1024) })
                  : t("participants.noFile")}
              </Text>
            </Stack>
          )}
          <Group gap="sm">
            <Button
              onClick={() => void submit()}
              loading={upload.isPending}
              disabled={underWay}
              data-testid="participants-upload"
            >
              {participantCount > 0 ? t("participants.replace") : t("participants.upload")}
            </Button>
            {participantCount > 0 && (
              <Button variant="subtle" color="red" onClick={() => void clearList()} loading={clear.isPending}>
                {t("participants.clear")}
              </Button>
            )}
          </Group>
        </>
      )}
      {failure && (
        <Alert color="red" variant="light" data-testid="participants-error">
          {failure}
        </Alert>
      )}
      {current && underWay && (
        <Stack gap={4} data-testid="participants-import">
          <Text size="sm">
            {current.state === "queued"
              ? t("participants.import.queued", { total: current.totalLines })
              : t("participants.import.progress", {
                  processed: current.processedLines,
                  total: current.totalLines,
                })}
          </Text>
          <Progress
            value={current.totalLines > 0 ? (100 * current.processedLines) / current.totalLines : 0}
            animated
            aria-label={t("participants.import.label")}
          />
          <Text size="xs" c="dimmed">
            {t("participants.import.hint")}
          </Text>
        </Stack>
      )}
      {report && <ParticipantReportView report={report} />}
      <FieldMessageText message={errors.participants} testId="participants-required" />
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
    </Stack>
  );
}
