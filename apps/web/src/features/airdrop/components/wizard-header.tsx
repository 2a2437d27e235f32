import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { LocaleLink } from "../../../shared/i18n/locale-link";

export type WizardHeaderProps = {
  airdropId: number | undefined;
  /** The saved draft's id line shows once the draft exists. */
  detailId: number | undefined;
};

/** The wizard's title with the links back to the list and to the campaign page. */
export function WizardHeader({ airdropId, detailId }: WizardHeaderProps) {
  const { t } = useTranslation("airdrop");
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Stack gap={2}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {airdropId === undefined ? t("wizard.createTitle") : t("wizard.editTitle")}
        </Title>
        {detailId !== undefined && (
          <Text size="sm" c="dimmed" data-testid="wizard-airdrop-id">
            {t("wizard.idLine", { id: detailId })}
          </Text>
        )}
      </Stack>
      <Group gap="xs">
        <Button
          variant="subtle"
          component={LocaleLink}
          to={paths.airdrop.build()}
          data-testid="wizard-back-to-list"
        >
          {t("wizard.backToList")}
        </Button>
        <Button
          variant="default"
          component={LocaleLink}
          to={airdropId === undefined ? paths.airdrop.build() : paths.airdropDetail.build({ id: airdropId })}
          disabled={airdropId === undefined}
          data-testid="wizard-campaign-page"
        >
          {t("wizard.campaignPage")}
        </Button>
      </Group>
    </Group>
  );
}
