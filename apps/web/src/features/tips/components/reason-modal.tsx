import { tipsBanReasonMaxLength } from "@dropfair/schemas/tips";
import { Button, Group, Modal, Stack, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** Asks for a reason (a ban or an abuse report) and sends it; the reason must have some text. */
export function ReasonModal({
  title,
  submitLabel,
  opened,
  onClose,
  onSubmit,
  pending,
  testId,
}: {
  title: string;
  submitLabel: string;
  opened: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => void;
  pending: boolean;
  testId: string;
}) {
  const { t } = useTranslation(["tips", "validation"]);
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  const empty = reason.trim() === "";
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered data-testid={testId}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!empty) onSubmit(reason.trim());
        }}
      >
        <Stack gap="sm">
          <Textarea
            label={t("report.reason")}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={tipsBanReasonMaxLength}
            rows={3}
            error={touched && empty ? t("validation:validation.tips.reasonRequired") : undefined}
            data-testid={`${testId}-reason`}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={pending} data-testid={`${testId}-submit`}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
