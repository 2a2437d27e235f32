import { maxCustomInfoLength } from "@dropfair/core/picker";
import type { Participant, PickerDetail } from "@dropfair/schemas/picker";
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSubmitWinnerInfo } from "../api/submit-winner-info";
import { usePickerErrorText } from "../hooks/use-picker-error";
import { checkWinnerInfo } from "../model/winner-info";
import classes from "./picker.module.css";

/**
 * The win form: a winner or substitute, signed in with X, submits the info the host collects (an EVM or
 * Solana address, or the custom field), checked here before `PUT /:id/info`.
 */
export function WinForm({ picker, entry }: { picker: PickerDetail; entry: Participant }) {
  const { t } = useTranslation(["picker", "validation"]);
  const errorText = usePickerErrorText();
  const [value, setValue] = useState(entry.info ?? "");
  const [error, setError] = useState<string>();
  const submit = useSubmitWinnerInfo(picker.id);
  const label = picker.infoType === "custom" ? picker.infoName : t(`infoType.${picker.infoType}`);

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const check = checkWinnerInfo(picker.infoType, value);
    if (!check.ok) {
      setError(t(check.messageKey, { max: maxCustomInfoLength }));
      return;
    }
    submit.mutate(check.value, {
      onSuccess: (saved) => {
        setValue(saved.info);
        notifications.show({ color: "jade", message: t("win.saved") });
      },
      onError: (caught) => setError(errorText(caught)),
    });
  }

  return (
    <Card padding="lg" className={classes.waiting} data-testid="win-form">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {entry.role === "winner" ? t("win.titleWinner") : t("win.titleSubstitute")}
          </Title>
          <Text size="sm" c="dimmed">
            {entry.role === "winner" ? t("win.explainWinner") : t("win.explainSubstitute")}
          </Text>
          {entry.infoSubmitted && entry.info && (
            <Alert color="jade" variant="light" data-testid="win-submitted">
              {t("win.current")} <span className={classes.mono}>{entry.info}</span>
            </Alert>
          )}
          <TextInput
            label={label}
            placeholder={t(`win.placeholder.${picker.infoType}`)}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            maxLength={maxCustomInfoLength}
            data-testid="win-info"
          />
          <Group justify="space-between" gap="sm">
            <Text size="xs" c="dimmed">
              {picker.infoType === "custom" ? "" : t("win.public")}
            </Text>
            <Button type="submit" loading={submit.isPending} data-testid="win-submit">
              {entry.infoSubmitted ? t("win.update") : t("win.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
