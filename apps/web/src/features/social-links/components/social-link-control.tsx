import { Badge, Button, Group, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { refreshLoginStatus, useLoginStatusDetail, useSession } from "../../auth";
import { type SocialProvider, unlinkSocial } from "../api/social-links";
import { startSocialLink } from "../model/social-links";

/**
 * Shows the Discord or Telegram account bound to the signed-in wallet, with "Bind" / "Unbind". Airdrops of
 * Discord and Telegram lists (and Discord-role rewards) pay the wallet the account is bound to.
 */
export function SocialLinkControl({ provider }: { provider: SocialProvider }) {
  const { t } = useTranslation("social-links");
  const token = useSession((state) => state.userToken);
  const detail = useLoginStatusDetail(token);
  const queryClient = useQueryClient();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const linked = detail.data?.[provider] ?? null;
  const name = t(`providers.${provider}`);

  if (!token) return null;
  if (!linked) {
    return (
      <Button
        variant="light"
        loading={busy}
        data-testid={`bind-${provider}`}
        onClick={async () => {
          setBusy(true);
          if (!(await startSocialLink(provider, `${location.pathname}${location.search}`))) setBusy(false);
        }}
      >
        {t("bind", { provider: name })}
      </Button>
    );
  }
  return (
    <Group gap="xs" data-testid={`bound-${provider}`}>
      <Badge variant="light">{name}</Badge>
      <Text size="sm" fw={600}>
        {linked.username ? `@${linked.username}` : linked.id}
      </Text>
      <Button
        size="compact-sm"
        variant="subtle"
        color="gray"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await unlinkSocial(provider);
            await refreshLoginStatus(queryClient);
          } finally {
            setBusy(false);
          }
        }}
      >
        {t("unbind")}
      </Button>
    </Group>
  );
}
