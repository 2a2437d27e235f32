import type { ParticipantReport } from "@dropfair/schemas/airdrop";
import { Alert, Button, Group, SegmentedControl, Stack, Text, Textarea } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useClearParticipants } from "../api/clear-participants";
import { importUnderWay, useParticipantImport } from "../api/get-participant-import";
import { invalidateAirdrop } from "../api/invalidate-airdrop";
import { useUploadParticipants } from "../api/upload-participants";
import { useAirdropErrorText } from "../hooks/use-airdrop-error";
import type { FieldErrors, WizardDraft } from "../model/wizard-form";
import classes from "./airdrop.module.css";
import { FieldMessageText } from "./field-error";
import { ParticipantReportView } from "./participant-report";
import { ParticipantsFileDrop } from "./participants-file-drop";
import { ParticipantsImportProgress } from "./participants-import-progress";
import { ParticipantsPreview } from "./participants-preview";

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
            <ParticipantsFileDrop file={file} onFile={setFile} />
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
      {current && underWay && <ParticipantsImportProgress current={current} />}
      {report && <ParticipantReportView report={report} />}
      <FieldMessageText message={errors.participants} testId="participants-required" />
      <ParticipantsPreview
        airdropId={airdropId}
        participantCount={participantCount}
        totalWeight={totalWeight}
      />
    </Stack>
  );
}
