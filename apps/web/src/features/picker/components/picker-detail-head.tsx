import { formatDateTime } from "@dropfair/core/date";
import type { PickerDetail } from "@dropfair/schemas/picker";
import { Anchor, Group, Image, Spoiler, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { IconExternal } from "../../../shared/ui/icons";
import { ProPageHead } from "../../../shared/ui/pro-page-head";
import classes from "./picker.module.css";
import { rewardLine } from "./picker-card";
import { ShareActions } from "./share-actions";
import { StatusBadge } from "./status-badge";

export type PickerDetailHeadProps = {
  picker: PickerDetail;
  /** A version-1 picker, shown read-only. */
  readOnly: boolean;
  drawn: boolean;
};

/** The detail page's head: poster, status and seed, the post, winners and reward, and the share actions. */
export function PickerDetailHead({ picker, readOnly, drawn }: PickerDetailHeadProps) {
  const { t } = useTranslation(["picker", "common"]);
  const reward = rewardLine(picker.rewardAmount, picker.rewardText);
  return (
    <ProPageHead>
      <Stack gap="sm">
        {picker.posterUrl && (
          <Image
            src={picker.posterUrl}
            alt={t("poster.alt", { username: picker.owner.username })}
            mah={360}
            w="auto"
            maw="100%"
            fit="contain"
            radius="md"
            data-testid="picker-poster"
          />
        )}
        <Group gap="xs" wrap="wrap">
          <StatusBadge version={picker.version} status={picker.status} size="lg" variant="filled" />
          <Text size="sm" c="gray.4" data-testid="picker-seed">
            {t("detail.idSeed", { id: picker.id, seed: picker.seed })}
          </Text>
          {readOnly && (
            <Text size="sm" c="gray.4">
              · {t("detail.v1")}
            </Text>
          )}
        </Group>
        <Title order={1} fz={{ base: 24, sm: 32 }} data-testid="picker-title">
          {t("detail.title", { username: picker.owner.username })}
        </Title>
        {picker.postText && (
          <Spoiler
            maxHeight={96}
            showLabel={t("detail.more")}
            hideLabel={t("detail.less")}
            maw={760}
            c="gray.3"
            classNames={{ control: classes.spoilerControl }}
          >
            <Text className={classes.postText}>{picker.postText}</Text>
          </Spoiler>
        )}
        <Group gap="lg" wrap="wrap">
          <Text size="sm" c="gray.4">
            {t("detail.winners", { count: picker.winnerCount })}
          </Text>
          {reward && (
            <Text size="sm" fw={700} c="jade.3" data-testid="picker-reward">
              {t("detail.reward", { reward })}
            </Text>
          )}
          <Text size="sm" c="gray.4">
            {t("detail.created", { date: formatDateTime(picker.createdAt) })}
          </Text>
          <Anchor href={picker.postUrl} target="_blank" rel="noopener noreferrer" c="gray.3" size="sm">
            <Group gap={4} wrap="nowrap" component="span">
              {t("detail.openPost")} <IconExternal size={14} />
            </Group>
          </Anchor>
        </Group>
        <ShareActions
          id={picker.id}
          seed={picker.seed}
          ownerUsername={picker.owner.username}
          drawn={drawn}
          version={picker.version}
        />
      </Stack>
    </ProPageHead>
  );
}
