import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { airdropStatuses } from "@dropfair/schemas/codes";
import { Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useRewardText } from "../hooks/use-reward-text";
import { formatReward } from "../model/amounts";
import { minuteInputToIso, type WizardDraft } from "../model/wizard-form";
import { CampaignBanner } from "./campaign-banner";

export type WizardPreviewProps = {
  opened: boolean;
  onClose: () => void;
  /** Full screen on narrow screens. */
  narrow: boolean | undefined;
  draft: WizardDraft;
  detail: AirdropDetail | undefined;
  participantCount: number;
  logoUrl: string | undefined;
};

/** The campaign as participants will see it, from the draft as typed (saved or not). */
export function WizardPreview({
  opened,
  onClose,
  narrow,
  draft,
  detail,
  participantCount,
  logoUrl,
}: WizardPreviewProps) {
  const { t } = useTranslation("airdrop");
  const rewardText = useRewardText();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("preview.title")}
      size="xl"
      fullScreen={narrow}
      data-testid="wizard-preview-dialog"
    >
      <Stack gap="md">
        <CampaignBanner
          title={draft.title.trim()}
          description={draft.description.trim()}
          posterStyle={draft.posterStyle}
          status={detail?.status ?? airdropStatuses.draft}
          startAt={minuteInputToIso(draft.startAt) ?? ""}
          endAt={minuteInputToIso(draft.endAt) ?? ""}
          reward={rewardText(draft, draft.customToken ? draft.tokenSymbol : detail?.tokenSymbol)}
          chainId={draft.chainId}
          logoUrl={logoUrl}
        />
        <Group gap="lg">
          <Text size="sm">{t("preview.accountType", { type: t(`idTypes.${draft.idType}`) })}</Text>
          <Text size="sm">{t("preview.participants", { count: participantCount })}</Text>
          <Text size="sm">{t("preview.mode", { mode: t(`modes.${draft.mode}`) })}</Text>
          {detail?.requiredDeposit && (
            <Text size="sm">
              {t("preview.deposit", { amount: formatReward(detail.requiredDeposit, detail) })}
            </Text>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t("preview.note")}
        </Text>
      </Stack>
    </Modal>
  );
}
