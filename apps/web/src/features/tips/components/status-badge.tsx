import { Badge, type BadgeProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { tipsStatusColors, tipsStatusKey } from "../model/display";

/** A campaign's status (not started, running, processing, awaiting confirmation, ended, error), localised. */
export function TipsStatusBadge({ status, ...props }: { status: number } & BadgeProps) {
  const { t } = useTranslation("tips");
  const key = tipsStatusKey(status);
  return (
    <Badge
      color={tipsStatusColors[key]}
      variant="light"
      data-testid="tips-status"
      data-status={status}
      style={{ minWidth: "max-content" }}
      {...props}
    >
      {t(`status.${key}`)}
    </Badge>
  );
}
