import { pickerStatus } from "@dropfair/core/picker";
import type { PickerDetail } from "@dropfair/schemas/picker";
import { Alert } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { serverErrorText } from "../hooks/use-picker-error";

/** Why the picker stopped (failed, no participant, cancelled), or that a version-1 picker is read-only. */
export function PickerStatusAlerts({ picker, readOnly }: { picker: PickerDetail; readOnly: boolean }) {
  const { t } = useTranslation(["picker", "common"]);
  return (
    <>
      {picker.status === pickerStatus.error && (
        <Alert color="red" variant="filled" title={t("status.v2.error")} data-testid="picker-failed">
          {serverErrorText(t, picker.errorMessage)}
        </Alert>
      )}
      {!readOnly && picker.status === pickerStatus.noParticipant && (
        <Alert color="gray" variant="light" title={t("status.v2.noParticipant")}>
          {t("detail.noParticipant")}
        </Alert>
      )}
      {!readOnly && picker.status === pickerStatus.cancelled && (
        <Alert color="gray" variant="light" title={t("status.v2.cancelled")}>
          {t("detail.cancelled")}
        </Alert>
      )}
      {readOnly && (
        <Alert color="blue" variant="light" data-testid="v1-notice">
          {t("detail.v1Notice")}
        </Alert>
      )}
    </>
  );
}
