import {
  Alert,
  Anchor,
  Badge,
  Card,
  Center,
  Divider,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { paths } from "../../../config/paths";
import { NotFoundError } from "../../../shared/api/errors";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import { IconArrowRight, IconLock } from "../../../shared/ui/icons";
import { messageDialog } from "../../../shared/ui/message-dialog-state";
import { ProPageBody, ProPageHead } from "../../../shared/ui/pro-page-head";
import { useBanPicker } from "../api/get-ban-picker";
import { type Ban, useBans } from "../api/get-bans";
import { useRemoveBan } from "../api/remove-ban";
import { useBanErrorText } from "../hooks/use-ban-error-text";
import { type BanSort, sortBans } from "../model/ban-list";
import { AddBanForm } from "./add-ban-form";
import { BanList } from "./ban-list";
import classes from "./picker-bans.module.css";

/** The route's `:id`: a positive integer, anything else is the 404 page. */
function parsePickerId(raw: string | undefined): number {
  if (!raw || !/^\d{1,15}$/.test(raw) || Number(raw) < 1) throw new NotFoundError(raw ?? "");
  return Number(raw);
}

/**
 * `picker2/{id}/banned`: the ban list of the picker's owner — user, adder, reason and time, latest or oldest
 * first. The owner and helpers add and lift bans; a helper's ban lands on the owner's list.
 */
export function BannedUsersPage() {
  const { t } = useTranslation(["picker-bans", "common"]);
  const pickerId = parsePickerId(useParams().id);
  const picker = useBanPicker(pickerId);
  const bans = useBans(pickerId);
  const removeBan = useRemoveBan(pickerId);
  const errorText = useBanErrorText();
  const [sort, setSort] = useState<BanSort>("latest");
  const [removing, setRemoving] = useState<string>();

  const role = picker.data?.viewer.role;
  const canManage = role === "owner" || role === "admin";
  const owner = picker.data?.owner.username;

  async function remove(ban: Ban) {
    const confirmed = await messageDialog.confirm({
      title: t("remove.title"),
      message: t("remove.message", { username: ban.username }),
      confirmLabel: t("remove.confirm"),
    });
    if (!confirmed) return;
    setRemoving(ban.xUserId);
    removeBan.mutate(ban.xUserId, {
      onSuccess: () =>
        notifications.show({ color: "jade", message: t("remove.done", { username: ban.username }) }),
      onError: (error) => notifications.show({ color: "red", message: errorText(error) }),
      onSettled: () => setRemoving(undefined),
    });
  }

  const sorted = bans.data ? sortBans(bans.data, sort) : [];

  return (
    <>
      <ProPageHead>
        <Stack gap={8} maw={720}>
          <Anchor
            component={LocaleLink}
            to={paths.picker2Detail.build({ id: pickerId })}
            size="sm"
            className={classes.backLink}
            data-testid="back-to-picker"
          >
            <Group gap={4} component="span">
              <IconArrowRight size={14} style={{ transform: "rotate(180deg)" }} />
              {t("head.back")}
            </Group>
          </Anchor>
          <Group gap="xs">
            <Badge variant="filled" color="jade" size="sm">
              {t("head.badge")}
            </Badge>
            {picker.data && (
              <Badge variant="light" color="gray" size="sm" ff="monospace">
                {picker.data.seed}
              </Badge>
            )}
          </Group>
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            {t("head.title")}
          </Title>
          <Text c="gray.4">{owner ? t("head.subtitleOwner", { username: owner }) : t("head.subtitle")}</Text>
        </Stack>
      </ProPageHead>
      <ProPageBody>
        <Stack gap="md">
          <Card padding="lg" radius="xl" shadow="sm">
            <Stack gap="md">
              <Group justify="space-between" gap="sm">
                <Group gap="xs">
                  <Title order={2} size="h4">
                    {t("list.title")}
                  </Title>
                  {bans.data && (
                    <Badge variant="light" data-testid="ban-count">
                      {bans.data.length}
                    </Badge>
                  )}
                </Group>
                <SegmentedControl
                  size="xs"
                  value={sort}
                  onChange={(value) => setSort(value === "oldest" ? "oldest" : "latest")}
                  data={[
                    { value: "latest", label: t("list.latest") },
                    { value: "oldest", label: t("list.oldest") },
                  ]}
                  data-testid="ban-sort"
                />
              </Group>
              {canManage && (
                <>
                  <AddBanForm pickerId={pickerId} />
                  <Divider />
                </>
              )}
              {picker.data && !canManage && (
                <Alert variant="light" color="gray" icon={<IconLock size={16} />} data-testid="ban-read-only">
                  {t("list.readOnly")}
                </Alert>
              )}
              {bans.isPending ? (
                <Center py="xl">
                  <Loader type="dots" />
                </Center>
              ) : bans.isError ? (
                <Alert color="red" variant="light">
                  {errorText(bans.error)}
                </Alert>
              ) : sorted.length === 0 ? (
                <Text c="dimmed" ta="center" py="xl" data-testid="ban-empty">
                  {t("list.empty")}
                </Text>
              ) : (
                <BanList bans={sorted} canManage={canManage} removing={removing} onRemove={remove} />
              )}
            </Stack>
          </Card>
        </Stack>
      </ProPageBody>
    </>
  );
}
