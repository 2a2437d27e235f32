import { feedbackLimits, type ReportKind } from "@dropfair/core/feedback";
import {
  Alert,
  Anchor,
  Button,
  Card,
  FileInput,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import { useLocale } from "../../../shared/i18n/use-locale";
import { useSubmitReport } from "../api/submit-report";
import {
  maxLengthOf,
  type ReportFormErrors,
  type ReportFormValues,
  screenshotProblem,
  screenshotTypes,
  validateReportForm,
} from "../model/report-form";
import { HoneypotField } from "./honeypot-field";

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(file);
  });
}

export type ReportPageProps = {
  kind: ReportKind;
  /** The page the report is about, when the link that opened the form named it. */
  initialPage: string;
  /** Extra links for the page head (the administrators' inbox, for administrators). */
  aside?: ReactNode;
};

/** The bug report and feature request form (`/report/bug`, `/report/feature`). */
export function ReportPage({ kind, initialPage, aside }: ReportPageProps) {
  const { t } = useTranslation("feedback");
  const locale = useLocale();
  const submitReport = useSubmitReport();
  const empty: ReportFormValues = { title: "", description: "", page: initialPage, contact: "" };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<ReportFormErrors>({});
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [screenshotError, setScreenshotError] = useState<string>();
  const [website, setWebsite] = useState("");

  function change(field: keyof ReportFormValues, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }));
    if (submitReport.isError) submitReport.reset();
  }

  function chooseScreenshot(file: File | null) {
    const problem = file ? screenshotProblem(file) : undefined;
    setScreenshotError(problem ? t(`form.screenshotErrors.${problem}`) : undefined);
    setScreenshot(problem ? null : file);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateReportForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || screenshotError) return;
    submitReport.mutate(
      {
        kind,
        title: values.title,
        description: values.description,
        page: values.page,
        contact: values.contact.trim() || null,
        screenshot: screenshot ? await readAsDataUrl(screenshot) : null,
        locale,
        website,
      },
      {
        onSuccess: () => {
          setValues({ ...empty, page: "" });
          setScreenshot(null);
        },
      },
    );
  }

  const fieldError = (field: keyof ReportFormValues) =>
    errors[field] ? t(`form.errors.${errors[field]}`, { max: maxLengthOf(field) }) : undefined;

  return (
    <Stack gap="lg" data-testid={`report-page-${kind}`}>
      <ReportPageHead kind={kind} aside={aside} />
      <Card withBorder padding="lg">
        {submitReport.isSuccess ? (
          <ReportSent onAnother={() => submitReport.reset()} />
        ) : (
          <form onSubmit={submit} noValidate data-testid="report-form">
            <Stack gap="md">
              <TextInput
                label={t("form.title")}
                placeholder={t(`${kind}.titlePlaceholder`)}
                value={values.title}
                onChange={(event) => change("title", event.currentTarget.value)}
                error={fieldError("title")}
                maxLength={feedbackLimits.titleMaxLength}
                withAsterisk
                data-testid="report-title"
              />
              <Textarea
                label={t("form.description")}
                placeholder={t(`${kind}.descriptionPlaceholder`)}
                value={values.description}
                onChange={(event) => change("description", event.currentTarget.value)}
                error={fieldError("description")}
                autosize
                minRows={5}
                maxRows={14}
                maxLength={feedbackLimits.descriptionMaxLength}
                withAsterisk
                data-testid="report-description"
              />
              <TextInput
                label={t("form.page")}
                description={t("form.pageHint")}
                placeholder="/airdrop"
                value={values.page}
                onChange={(event) => change("page", event.currentTarget.value)}
                error={fieldError("page")}
                maxLength={feedbackLimits.pageMaxLength}
                withAsterisk
                data-testid="report-page"
              />
              <TextInput
                label={t("form.contact")}
                description={t("form.contactHint")}
                value={values.contact}
                onChange={(event) => change("contact", event.currentTarget.value)}
                error={fieldError("contact")}
                maxLength={feedbackLimits.contactMaxLength}
                data-testid="report-contact"
              />
              <FileInput
                label={t("form.screenshot")}
                description={t("form.screenshotHint")}
                placeholder={t("form.screenshotPlaceholder")}
                accept={screenshotTypes.join(",")}
                value={screenshot}
                onChange={chooseScreenshot}
                error={screenshotError}
                clearable
                data-testid="report-screenshot"
              />
              <HoneypotField value={website} onChange={setWebsite} />
              {submitReport.isError && (
                <Alert color="red" variant="light" data-testid="report-error">
                  {submitReport.error.message}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button type="submit" loading={submitReport.isPending} data-testid="report-submit">
                  {t(`${kind}.submit`)}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Card>
    </Stack>
  );
}

/** The form's title, and a link to the other kind of report. */
function ReportPageHead({ kind, aside }: { kind: ReportKind; aside: ReactNode }) {
  const { t } = useTranslation("feedback");
  const other: ReportKind = kind === "bug" ? "feature" : "bug";
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Stack gap={4}>
        <Title order={1}>{t(`${kind}.title`)}</Title>
        <Text c="dimmed">{t(`${kind}.subtitle`)}</Text>
      </Stack>
      <Group gap="md">
        {aside}
        <Anchor
          component={LocaleLink}
          to={other === "bug" ? paths.reportBug.build() : paths.reportFeature.build()}
        >
          {t(`${kind}.switch`)}
        </Anchor>
      </Group>
    </Group>
  );
}

/** What the form becomes once the report is stored. */
function ReportSent({ onAnother }: { onAnother: () => void }) {
  const { t } = useTranslation("feedback");
  return (
    <Stack gap="md" align="flex-start">
      <Alert color="jade" variant="light" title={t("sent.title")} data-testid="report-sent" w="100%">
        {t("sent.text")}
      </Alert>
      <Button variant="default" onClick={onAnother}>
        {t("sent.another")}
      </Button>
    </Stack>
  );
}
