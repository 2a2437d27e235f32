import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { IconX } from "../../../shared/ui/icons";
import { messageText } from "../hooks/use-picker-error";
import type { PickerErrorMessage } from "../model/error-messages";

export type CreateFailureAlertProps = {
  failure: PickerErrorMessage;
  onSignIn: () => void;
  /** Offered when the failure asks for a membership and the page has the membership dialog. */
  onMembership: (() => void) | undefined;
};

/** Why creating failed, with the way out it names: signing in with X again, or a membership. */
export function CreateFailureAlert({ failure, onSignIn, onMembership }: CreateFailureAlertProps) {
  const { t } = useTranslation(["picker", "validation", "common"]);
  const action = "action" in failure ? failure.action : undefined;
  return (
    <Alert color="red" variant="light" title={t("create.failed")} data-testid="create-error">
      <Stack gap="sm">
        <Text size="sm">{messageText(t, failure)}</Text>
        {action === "signInWithX" && (
          <Group>
            <Button size="xs" color="dark" leftSection={<IconX size={12} />} onClick={onSignIn}>
              {t("x.signInAgain")}
            </Button>
          </Group>
        )}
        {action === "membership" && onMembership && (
          <Group>
            <Button size="xs" onClick={onMembership}>
              {t("membership.open")}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
