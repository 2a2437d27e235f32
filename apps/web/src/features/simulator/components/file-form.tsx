import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { type DragEvent, type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconLayers } from "../../../shared/ui/icons";
import classes from "./simulator.module.css";

/** A downloaded draw file, verified in this browser; an optional user id adds their rank and a simulation. */
export function FileForm({
  busy,
  onSubmit,
}: {
  busy: boolean;
  onSubmit: (input: { file: File; userId: string }) => void;
}) {
  const { t } = useTranslation("simulator");
  const inputId = useId();
  const [file, setFile] = useState<File | undefined>();
  const [userId, setUserId] = useState("");
  const [dragging, setDragging] = useState(false);
  const [missingFile, setMissingFile] = useState(false);

  function choose(next: File | undefined) {
    if (!next) return;
    setFile(next);
    setMissingFile(false);
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setMissingFile(true);
      return;
    }
    onSubmit({ file, userId: userId.trim() });
  }

  return (
    <form onSubmit={submit} noValidate data-testid="file-form">
      <Stack gap="md">
        <fieldset
          aria-label={t("file.drop")}
          className={classes.dropzone}
          data-active={dragging || undefined}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
        >
          <Group gap="md" wrap="nowrap" align="center">
            <Text c="jade.7" component="div" visibleFrom="xs">
              <IconLayers size={32} />
            </Text>
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={600} size="sm" truncate data-testid="file-name">
                {file ? t("file.selected", { name: file.name }) : t("file.drop")}
              </Text>
              <Text size="xs" c="dimmed">
                {t("file.hint")}
              </Text>
              {missingFile && (
                <Text size="xs" c="red" role="alert">
                  {t("file.required")}
                </Text>
              )}
            </Stack>
            <Button variant="default" component="label" htmlFor={inputId} style={{ flexShrink: 0 }}>
              {t("file.choose")}
            </Button>
            <input
              id={inputId}
              type="file"
              accept="application/json,.json"
              hidden
              data-testid="draw-file-input"
              onChange={(event) => {
                choose(event.currentTarget.files?.[0]);
                event.currentTarget.value = "";
              }}
            />
          </Group>
        </fieldset>
        <TextInput
          label={t("file.userLabel")}
          description={t("file.userHint")}
          placeholder={t("file.userPlaceholder")}
          value={userId}
          onChange={(event) => setUserId(event.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          inputMode="numeric"
          data-testid="file-user-input"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} data-testid="file-submit">
            {t("file.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
