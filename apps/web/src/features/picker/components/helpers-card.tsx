import { Alert, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAddPickerHelper, usePickerHelpers, useRemovePickerHelper } from "../api/picker-helpers";
import { usePickerErrorText } from "../hooks/use-picker-error";

/** An X handle as typed: an optional '@', then 1-15 letters, digits or underscores. */
const handlePattern = /^@?[A-Za-z0-9_]{1,15}$/;

/**
 * The owner's helpers: X accounts that may run this account's pickers with it (their bans land on the owner's
 * list). The owner adds them by handle and removes them here.
 */
export function HelpersCard({ id }: { id: number }) {
  const { t, i18n } = useTranslation(["picker", "validation"]);
  const helpers = usePickerHelpers(id);
  const add = useAddPickerHelper(id);
  const remove = useRemovePickerHelper(id);
  const errorText = usePickerErrorText();
  const [handle, setHandle] = useState("");
  const [error, setError] = useState<string | undefined>();

  function submit() {
    const value = handle.trim();
    if (!handlePattern.test(value)) {
      setError(t("picker:helpers.invalidHandle"));
      return;
    }
    setError(undefined);
    add.mutate(value.replace(/^@/, ""), {
      onSuccess: (added) => {
        setHandle("");
        notifications.show({
          color: "jade",
          message: t("picker:helpers.added", { username: added.username }),
        });
      },
      onError: (failure) => setError(errorText(failure, { ownerAction: true })),
    });
  }

  function removeHelper(xUserId: string, username: string) {
    setError(undefined);
    remove.mutate(xUserId, {
      onSuccess: () =>
        notifications.show({ color: "jade", message: t("picker:helpers.removed", { username }) }),
      onError: (failure) => setError(errorText(failure, { ownerAction: true })),
    });
  }

  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language === "cn" ? "zh-CN" : "en-US");
  return (
    <Card padding="lg" data-testid="picker-helpers">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t("picker:helpers.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("picker:helpers.description")}
        </Text>
        {helpers.isPending && <Loader size="sm" />}
        {helpers.isError && (
          <Text size="sm" c="red">
            {errorText(helpers.error) ?? t("picker:errors.unexpected")}
          </Text>
        )}
        {helpers.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("picker:helpers.empty")}
          </Text>
        )}
        {helpers.data?.map((helper) => (
          <Group key={helper.xUserId} justify="space-between" wrap="nowrap" data-testid="picker-helper">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                @{helper.username}
              </Text>
              <Text size="xs" c="dimmed">
                {t("picker:helpers.since", { date: date(helper.createdAt) })}
              </Text>
            </Stack>
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              loading={remove.isPending && remove.variables === helper.xUserId}
              onClick={() => removeHelper(helper.xUserId, helper.username)}
              aria-label={t("picker:helpers.removeLabel", { username: helper.username })}
            >
              {t("picker:helpers.remove")}
            </Button>
          </Group>
        ))}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              aria-label={t("picker:helpers.handleLabel")}
              placeholder={t("picker:helpers.handlePlaceholder")}
              value={handle}
              onChange={(event) => setHandle(event.currentTarget.value)}
              maxLength={16}
            />
            <Button type="submit" loading={add.isPending}>
              {t("picker:helpers.add")}
            </Button>
          </Group>
        </form>
        {error && (
          <Alert color="red" variant="light" p="xs" data-testid="picker-helpers-error">
            {error}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
