import { Badge, type BadgeProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { statusColors, statusKey } from "../model/wheel-display";

/** A game's status (created, not started, running, closed, ended, error), localised. */
export function WheelStatusBadge({ status, ...props }: { status: number } & BadgeProps) {
  const { t } = useTranslation("wheel");
  const key = statusKey(status);
  return (
    <Badge
      color={statusColors[key]}
      variant="light"
      data-testid="wheel-status"
      data-status={status}
      style={{ minWidth: "max-content" }}
      {...props}
    >
      {t(`status.${key}`)}
    </Badge>
  );
}
