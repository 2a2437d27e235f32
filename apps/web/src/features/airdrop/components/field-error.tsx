import { Text } from "@mantine/core";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { FieldErrors, FieldMessage } from "../model/wizard-form";

/** The translated message of a field, for an input's `error`. */
export function useFieldError(errors: FieldErrors) {
  const { t } = useTranslation(["airdrop", "validation"]);
  return useCallback(
    (field: keyof FieldErrors) => {
      const message = errors[field];
      return message ? t(message.key, message.params) : undefined;
    },
    [errors, t],
  );
}

/** A form-level message (participants, deposit) under a section. */
export function FieldMessageText({
  message,
  testId,
}: {
  message: FieldMessage | undefined;
  testId?: string;
}) {
  const { t } = useTranslation(["airdrop", "validation"]);
  if (!message) return null;
  return (
    <Text size="sm" c="red" data-testid={testId}>
      {t(message.key, message.params)}
    </Text>
  );
}
