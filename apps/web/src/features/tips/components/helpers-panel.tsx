import type { TipsCampaignDetail } from "@dropfair/schemas/tips";
import { Alert, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { addTipsHelper, removeTipsHelper } from "../api/actions";
import { tipsCampaignKey, useTipsHelpers } from "../api/campaigns";
import { useReportTipsError, useTipsErrorText } from "../hooks/use-tips-error";

/**
 * The creator's helpers (docs/tips.md): wallets named by address who organize the campaign with them (ban, lift
 * bans, read the abuse reports) but never manage the prize. A list with remove buttons and an address to add.
 */
export function HelpersPanel({ campaign }: { campaign: Pick<TipsCampaignDetail, "id" | "canManage"> }) {
  const { t } = useTranslation("tips");
  const queryClient = useQueryClient();
  const errorText = useTipsErrorText();
  const reportError = useReportTipsError();
  const [address, setAddress] = useState("");
  const helpers = useTipsHelpers(campaign.id, campaign.canManage);
  const refresh = () => queryClient.invalidateQueries({ queryKey: tipsCampaignKey(campaign.id) });

  const add = useMutation({
    mutationFn: (value: string) => addTipsHelper(campaign.id, value),
    onSuccess: () => {
      setAddress("");
      notifications.show({ color: "green", message: t("helpers.added") });
      void refresh();
    },
    onError: reportError,
  });
  const remove = useMutation({
    mutationFn: (value: string) => removeTipsHelper(campaign.id, value),
    onSuccess: () => {
      notifications.show({ color: "green", message: t("helpers.removed") });
      void refresh();
    },
    onError: reportError,
  });

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="tips-helpers">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t("helpers.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("helpers.hint")}
        </Text>
        {helpers.isError ? (
          <Alert color="gray" variant="light">
            {errorText(helpers.error) ?? t("errors.unexpected")}
          </Alert>
        ) : !helpers.data ? (
          <Loader size="sm" />
        ) : helpers.data.rows.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="tips-helpers-empty">
            {t("helpers.empty")}
          </Text>
        ) : (
          <Stack gap={4}>
            {helpers.data.rows.map((helper) => (
              <Group
                key={helper.address}
                justify="space-between"
                gap="xs"
                wrap="nowrap"
                data-testid="tips-helper"
              >
                <Text size="sm" ff="monospace" style={{ overflowWrap: "anywhere" }}>
                  {helper.address}
                </Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  loading={remove.isPending && remove.variables === helper.address}
                  onClick={() => remove.mutate(helper.address)}
                  data-testid="tips-helper-remove"
                >
                  {t("helpers.remove")}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const value = address.trim();
            if (value !== "") add.mutate(value);
          }}
        >
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t("helpers.address")}
              placeholder="0x…"
              value={address}
              onChange={(event) => setAddress(event.currentTarget.value)}
              style={{ flex: 1 }}
              data-testid="tips-helper-address"
            />
            <Button
              type="submit"
              loading={add.isPending}
              disabled={address.trim() === ""}
              data-testid="tips-helper-add"
            >
              {t("helpers.add")}
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}
