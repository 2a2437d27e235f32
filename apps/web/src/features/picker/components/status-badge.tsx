import { Badge, type BadgeProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { statusLabelKey, statusTone } from "../model/status";

/** The picker's state with its localised name (v1 names for version 1). */
export function StatusBadge({
  version,
  status,
  ...props
}: { version: number; status: number } & Omit<BadgeProps, "color" | "children">) {
  const { t } = useTranslation("picker");
  return (
    <Badge variant="light" color={statusTone(version, status)} data-testid="picker-status" {...props}>
      {t(statusLabelKey(version, status))}
    </Badge>
  );
}
