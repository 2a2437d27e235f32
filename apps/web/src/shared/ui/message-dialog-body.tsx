import { Button, Group, Loader, Modal, Stack, Text, ThemeIcon } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { IconAlert } from "./icons";
import { settleMessageDialog, useMessageDialog } from "./message-dialog-state";

export default function MessageDialogBody() {
  const { t } = useTranslation();
  const state = useMessageDialog();
  const loading = state.kind === "loading";
  const title =
    state.title ??
    (state.kind === "error"
      ? t("dialog.errorTitle")
      : state.kind === "confirm"
        ? t("dialog.confirmTitle")
        : undefined);

  return (
    <Modal
      opened={state.opened}
      onClose={() => settleMessageDialog(false)}
      withCloseButton={!loading}
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
      title={title}
      size="sm"
      zIndex={400}
    >
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="flex-start">
          {state.kind === "error" && (
            <ThemeIcon color="red" variant="light" radius="xl" size="lg">
              <IconAlert size={18} />
            </ThemeIcon>
          )}
          {loading && <Loader size="sm" />}
          <Text
            size="sm"
            style={{ wordBreak: "break-word" }}
            role={state.kind === "error" ? "alert" : undefined}
          >
            {state.message}
          </Text>
        </Group>
        {!loading && (
          <Group justify="flex-end" gap="sm">
            {state.kind === "confirm" && (
              <Button variant="default" onClick={() => settleMessageDialog(false)}>
                {state.cancelLabel ?? t("dialog.cancel")}
              </Button>
            )}
            <Button
              onClick={() => settleMessageDialog(true)}
              color={state.kind === "error" ? "red" : undefined}
            >
              {state.confirmLabel ?? (state.kind === "confirm" ? t("dialog.confirm") : t("dialog.ok"))}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
