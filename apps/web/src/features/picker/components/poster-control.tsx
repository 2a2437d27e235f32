import { typeCodes } from "@dropfair/schemas/codes";
import { Button, Card, FileButton, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { isApiCodeError } from "../../../shared/api/feature-request";
import { useRemovePickerPoster, useUploadPickerPoster } from "../api/picker-poster";
import { posterAccept, posterFileProblem, readAsDataUrl } from "../model/poster";

export type PosterControlProps = {
  id: number;
  hasPoster: boolean;
  report: (error: unknown, context?: { ownerAction?: boolean }) => void;
  /** Opens the membership dialog: custom posters come with the annual plan (402, typeCode 176). */
  onMembership: () => void;
};

/** The owner's and helpers' "Custom poster" control: upload (PNG, JPEG or WebP up to 1 MB) or remove. */
export function PosterControl({ id, hasPoster, report, onMembership }: PosterControlProps) {
  const { t } = useTranslation("picker");
  const upload = useUploadPickerPoster(id);
  const remove = useRemovePickerPoster(id);

  const fail = (message: string) => notifications.show({ color: "red", title: t("errors.title"), message });
  const onError = (error: unknown) => {
    if (isApiCodeError(error, "picker") && error.typeCode === typeCodes.pickerQuotaReached) {
      fail(t("poster.annualOnly"));
      onMembership();
      return;
    }
    report(error, { ownerAction: true });
  };

  const choose = async (file: File | null) => {
    if (!file) return;
    const problem = posterFileProblem(file);
    if (problem) return fail(t(problem));
    let image: string;
    try {
      image = await readAsDataUrl(file);
    } catch {
      return fail(t("poster.readFailed"));
    }
    upload.mutate(image, {
      onSuccess: () => notifications.show({ color: "green", message: t("poster.saved") }),
      onError,
    });
  };

  return (
    <Card padding="lg" data-testid="poster-control">
      <Group justify="space-between" gap="sm">
        <Stack gap={2} maw={560}>
          <Text fw={650}>{t("poster.title")}</Text>
          <Text size="sm" c="dimmed">
            {t("poster.hint")}
          </Text>
        </Stack>
        <Group gap="xs">
          <FileButton accept={posterAccept} onChange={(file) => void choose(file)}>
            {(props) => (
              <Button {...props} variant="default" loading={upload.isPending} data-testid="poster-upload">
                {hasPoster ? t("poster.replace") : t("poster.upload")}
              </Button>
            )}
          </FileButton>
          {hasPoster && (
            <Button
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => notifications.show({ color: "green", message: t("poster.removed") }),
                  onError,
                })
              }
              data-testid="poster-remove"
            >
              {t("poster.remove")}
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}
