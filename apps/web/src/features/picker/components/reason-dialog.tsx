import { maxReasonLength } from "@dropfair/core/picker";
import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * Asks for the public reason of a redraw, a replacement or a ban. An empty reason shows `requiredKey`
 * (validation:… for the redraw, whose message is in the shared validation catalogue).
 */
export function ReasonDialog({
  opened,
  title,
  description,
  confirmLabel,
  requiredKey,
  busy,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  description?: string | undefined;
  confirmLabel: string;
  requiredKey: string;
  busy?: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation(["picker", "validation", "common"]);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();

  // Each opening starts empty.
  useEffect(() => {
    if (opened) {
      setReason("");
      setError(undefined);
    }
  }, [opened]);

  function close() {
    setReason("");
    setError(undefined);
    onClose();
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const value = reason.trim();
    if (!value) {
      setError(t(requiredKey));
      return;
    }
    onConfirm(value);
  }

  return (
    <Modal opened={opened} onClose={close} title={title} size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
          <Textarea
            label={t("picker:reason.label")}
            placeholder={t("picker:reason.placeholder")}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value.slice(0, maxReasonLength));
              setError(undefined);
            }}
            error={error}
            autosize
            minRows={3}
            maxRows={6}
            data-autofocus
            data-testid="reason-input"
            description={t("picker:reason.public", { max: maxReasonLength })}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t("common:dialog.cancel")}
            </Button>
            <Button type="submit" loading={busy} data-testid="reason-confirm">
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
