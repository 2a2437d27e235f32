import { Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import classes from "./airdrop.module.css";

export type ParticipantsFileDropProps = {
  file: File | null;
  onFile: (file: File | null) => void;
};

/** The participant list as a CSV or text file: chosen with a button or dropped on the area. */
export function ParticipantsFileDrop({ file, onFile }: ParticipantsFileDropProps) {
  const { t } = useTranslation("airdrop");
  /** A file is being dragged over the drop area. */
  const [dragging, setDragging] = useState(false);
  return (
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
        if (dropped) onFile(dropped);
      }}
      data-testid="participants-drop"
    >
      <Group gap="sm">
        <FileButton onChange={onFile} accept=".csv,.txt,text/csv,text/plain">
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
  );
}
