import { Badge, type BadgeProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { statusColors, statusKey } from "../model/status";

/** SPEC §4 airdrop status, localised. */
export function AirdropStatusBadge({ status, ...props }: { status: number } & BadgeProps) {
  const { t } = useTranslation("airdrop");
  const key = statusKey(status);
  return (
    <Badge
      color={statusColors[key]}
      variant="light"
      data-testid="airdrop-status"
      data-status={status}
      {...props}
    >
      {t(`status.${key}`)}
    </Badge>
  );
}
