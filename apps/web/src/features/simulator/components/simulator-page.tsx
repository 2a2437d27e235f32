import { publishedDrawOf } from "@dropfair/core/fairness";
import { Alert, Badge, Code, Paper, Stack, Tabs, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ApiError } from "../../../shared/api/errors";
import { IconAlert, IconScale } from "../../../shared/ui/icons";
import { ProPageBody, ProPageHead } from "../../../shared/ui/pro-page-head";
import { participantQueryOptions } from "../api/find-participant";
import { drawFileQueryOptions } from "../api/get-draw-file";
import { drawHistoryQueryOptions } from "../api/get-draw-history";
import { pickerBySeedQueryOptions } from "../api/get-picker-by-seed";
import { useVerifier, type VerifierState } from "../hooks/use-verifier";
import { SimulatorLookupError } from "../model/lookup-error";
import {
  normalizeUsername,
  type SeedFormValues,
  seedFormFromQuery,
  validateSeedForm,
} from "../model/simulator-form";
import { FairnessLimitNote } from "./fairness-limit-note";
import { FileForm } from "./file-form";
import { SeedForm } from "./seed-form";
import { VerificationProgress } from "./verification-progress";
import { VerificationReport, type VerificationSubject } from "./verification-report";

type Mode = "seed" | "file";

function FailureAlert({ state }: { state: VerifierState }) {
  const { t } = useTranslation(["simulator", "validation"]);
  if (state.status !== "failed") return null;
  const { failure } = state;
  let message: string;
  let detail: string | undefined;
  if (failure.kind === "invalidFile") {
    message = t("errors.invalidFile");
    detail = failure.message;
  } else if (failure.kind === "unexpected") {
    message = t("errors.unexpected");
    detail = failure.message;
  } else if (failure.error instanceof SimulatorLookupError) {
    const { reason } = failure.error;
    message =
      reason === "seedNotFound"
        ? t("validation:validation.picker.seedNotFound")
        : reason === "notDrawn"
          ? t("errors.notDrawn")
          : t("errors.notParticipant", { username: failure.error.details.username ?? "" });
  } else if (failure.error instanceof ApiError) {
    message = failure.error.message;
  } else {
    message = t("errors.unexpected");
    detail = failure.error instanceof Error ? failure.error.message : undefined;
  }
  return (
    <Alert
      color="red"
      variant="light"
      radius="lg"
      icon={<IconAlert size={18} />}
      data-testid="verifier-error"
    >
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {message}
        </Text>
        {detail && (
          <Code block style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
            {detail}
          </Code>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * The fairness verifier (docs/fairness.md): recompute a picker's draw from its published data in the browser,
 * check it against the commitment and target block its public history published when it was committed,
 * compare it with the published winners, and replay it over 100 other block hashes.
 */
export function SimulatorPage() {
  const { t } = useTranslation("simulator");
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const [initialValues] = useState(() => seedFormFromQuery(searchParams));
  const [mode, setMode] = useState<Mode>("seed");
  const [subject, setSubject] = useState<VerificationSubject>();
  const pendingSubject = useRef<VerificationSubject>(undefined);
  const { state, run, cancel } = useVerifier();
  const busy = state.status === "fetching" || state.status === "running";

  function verifySeed(values: SeedFormValues) {
    const seed = values.seed.trim();
    const username = normalizeUsername(values.username);
    setSearchParams({ seed, username }, { replace: true, preventScrollReset: true });
    setSubject(undefined);
    pendingSubject.current = undefined;
    void run(async () => {
      const picker = await queryClient.fetchQuery(pickerBySeedQueryOptions(seed));
      const [published, history, participant] = await Promise.all([
        queryClient.fetchQuery(drawFileQueryOptions(String(picker.id))),
        queryClient.fetchQuery(drawHistoryQueryOptions(String(picker.id))),
        queryClient.fetchQuery(participantQueryOptions(picker.id, username)),
      ]);
      if (!participant) throw new SimulatorLookupError("notParticipant", { username });
      pendingSubject.current = { kind: "seed", seed, username, participant };
      const draw = publishedDrawOf(history, published.drawCount);
      return {
        file: published,
        userId: participant.xUserId,
        publishedWinners: published.publishedWinners,
        history: { count: draw?.count ?? published.drawCount ?? 0, draw: draw ?? null },
      };
    });
  }

  function verifyFile({ file, userId }: { file: File; userId: string }) {
    setSubject(undefined);
    pendingSubject.current = { kind: "file", fileName: file.name };
    void run(async () => ({ file: await file.text(), userId: userId || undefined }));
  }

  // The report and its subject change together: the subject is committed when the result arrives.
  useEffect(() => {
    if (state.status === "done" && pendingSubject.current) setSubject(pendingSubject.current);
  }, [state.status]);

  // A link with both seed and username (e.g. from a picker's page) verifies at once.
  const autoStarted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once on arrival, with the values the page was opened with.
  useEffect(() => {
    if (autoStarted.current) return;
    autoStarted.current = true;
    if (Object.keys(validateSeedForm(initialValues)).length === 0) verifySeed(initialValues);
  }, []);

  const report = state.status === "done" && subject ? state.report : undefined;

  return (
    <>
      <ProPageHead>
        <Stack gap={8} maw={680}>
          <Badge variant="filled" color="jade" size="sm" leftSection={<IconScale size={12} />}>
            {t("head.badge")}
          </Badge>
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            {t("head.title")}
          </Title>
          <Text c="gray.4">{t("head.subtitle")}</Text>
        </Stack>
      </ProPageHead>
      <ProPageBody>
        <Stack gap="md">
          <Paper withBorder radius="xl" p={{ base: "md", sm: "xl" }} shadow="sm">
            <Tabs value={mode} onChange={(value) => setMode(value === "file" ? "file" : "seed")} keepMounted>
              <Tabs.List mb="lg">
                <Tabs.Tab value="seed" data-testid="tab-seed">
                  {t("tabs.seed")}
                </Tabs.Tab>
                <Tabs.Tab value="file" data-testid="tab-file">
                  {t("tabs.file")}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="seed">
                <SeedForm initialValues={initialValues} busy={busy} onSubmit={verifySeed} />
              </Tabs.Panel>
              <Tabs.Panel value="file">
                <FileForm busy={busy} onSubmit={verifyFile} />
              </Tabs.Panel>
            </Tabs>
          </Paper>
          {busy && (
            <VerificationProgress
              fetching={state.status === "fetching"}
              progress={state.status === "running" ? state.progress : undefined}
              onCancel={cancel}
            />
          )}
          <FailureAlert state={state} />
          {report && subject && <VerificationReport report={report} subject={subject} />}
          <FairnessLimitNote />
        </Stack>
      </ProPageBody>
    </>
  );
}
