import { airdropStatuses } from "@dropfair/schemas/codes";
import { Badge, type BadgeProps } from "@mantine/core";
import { useTranslation } from "react-i18next";

type AirdropStatusKey = keyof typeof airdropStatuses;

/** The catalogue key part of a status (`status.{key}`); an unknown value reads as a draft. */
function statusKey(status: number): AirdropStatusKey {
  const entry = Object.entries(airdropStatuses).find(([, value]) => value === status);
  return entry ? (entry[0] as AirdropStatusKey) : "draft";
}

const statusColors: Record<AirdropStatusKey, string> = {
  draft: "gray",
  notStarted: "blue",
  inProgress: "jade",
  ended: "dark",
};

/** The airdrop's status (draft, not started, in progress, ended), localised. */
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
