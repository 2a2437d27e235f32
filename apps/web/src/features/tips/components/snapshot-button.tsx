import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { saveFile } from "../../../shared/lib/download";
import { IconDownload } from "../../../shared/ui/icons";
import { downloadTipsSnapshot } from "../api/campaigns";

/** Downloads the snapshot file the leaderboard was computed from (to recompute it with the CLI). */
export function SnapshotButton({
  campaignId,
  testId = "tips-snapshot",
}: {
  campaignId: number;
  testId?: string;
}) {
  const { t } = useTranslation("tips");
  const [pending, setPending] = useState(false);
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconDownload size={14} />}
      loading={pending}
      onClick={() => {
        setPending(true);
        downloadTipsSnapshot(campaignId)
          .then(({ blob, filename }) => saveFile(blob, filename))
          .catch(() => notifications.show({ color: "red", message: t("leaderboard.snapshotFailed") }))
          .finally(() => setPending(false));
      }}
      data-testid={testId}
    >
      {t("leaderboard.snapshot")}
    </Button>
  );
}
