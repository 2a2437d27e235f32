import { notifications } from "@mantine/notifications";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { type PickerErrorMessage, pickerErrorMessage } from "../model/error-messages";
import { serverErrorKey } from "../model/exclusion";

/** Turns a failed picker call into the text to show (undefined when the shell already told the user). */
export function usePickerErrorText() {
  const { t } = useTranslation(["picker", "validation"]);
  return useCallback(
    (error: unknown, context?: { ownerAction?: boolean }) => {
      const message = pickerErrorMessage(error, context);
      return message ? messageText(t, message) : undefined;
    },
    [t],
  );
}

export function messageText(
  t: (key: string, options?: Record<string, unknown>) => string,
  message: PickerErrorMessage,
) {
  return "text" in message ? message.text : t(message.key, message.params);
}

/**
 * Reports a failed owner or winner action as a notification; a reached free quota (176) also opens the
 * membership dialog through `onMembership`.
 */
export function useReportPickerError(onMembership?: () => void) {
  const { t } = useTranslation(["picker", "validation"]);
  return useCallback(
    (error: unknown, context?: { ownerAction?: boolean }) => {
      const message = pickerErrorMessage(error, context);
      if (!message) return;
      if ("action" in message && message.action === "membership") onMembership?.();
      notifications.show({ color: "red", title: t("picker:errors.title"), message: messageText(t, message) });
    },
    [t, onMembership],
  );
}

/** The text of a picker's `errorMessage` (a server key or an already translated text). */
export function serverErrorText(t: (key: string) => string, message: string | null) {
  if (!message) return t("picker:serverErrors.other");
  const key = serverErrorKey(message);
  return key ? t(`picker:${key}`) : message;
}
