import { formatDateTime } from "@dropfair/core/date";
import { Avatar, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import classes from "./airdrop.module.css";
import { ChainLabel } from "./chain-label";
import { AirdropStatusBadge } from "./status-badge";

export type CampaignBannerProps = {
  title: string;
  description: string;
  posterStyle: string;
  status: number;
  startAt: string;
  endAt: string;
  /** The reward in words ("1,000 DFT", "NFT", "Discord role"). */
  reward: string;
  chainId: number | null;
  logoUrl?: string | undefined;
  children?: ReactNode;
};

/** The campaign page's head in the chosen poster style; the wizard's preview shows the same. */
export function CampaignBanner({
  title,
  description,
  posterStyle,
  status,
  startAt,
  endAt,
  reward,
  chainId,
  logoUrl,
  children,
}: CampaignBannerProps) {
  const { t } = useTranslation("airdrop");
  return (
    <div className={classes.banner} data-style={posterStyle} data-testid="campaign-banner">
      <Stack gap="sm">
        <Group gap="xs">
          <AirdropStatusBadge status={status} variant="white" />
          <Group gap={6} px={8} py={2} bg="rgba(255,255,255,0.14)" style={{ borderRadius: 999 }}>
            <ChainLabel chainId={chainId} size="xs" />
          </Group>
        </Group>
        <Group gap="md" wrap="nowrap" align="center">
          {logoUrl && <Avatar src={logoUrl} size={48} radius="xl" alt="" />}
          <Title
            order={1}
            fz={{ base: 24, sm: 32 }}
            style={{ overflowWrap: "anywhere" }}
            data-testid="campaign-title"
          >
            {title || t("preview.untitled")}
          </Title>
        </Group>
        {description && (
          <Text c="gray.2" maw={760} style={{ whiteSpace: "pre-line" }} lineClamp={4}>
            {description}
          </Text>
        )}
        <Group gap="lg" wrap="wrap">
          <Text size="sm" fw={700} c="white" data-testid="campaign-reward">
            {t("campaign.reward", { reward })}
          </Text>
          <Text size="sm" c="gray.3">
            {t("campaign.times", { start: formatDateTime(startAt), end: formatDateTime(endAt) })}
          </Text>
        </Group>
        {children}
      </Stack>
    </div>
  );
}
