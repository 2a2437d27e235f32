import { limits } from "@dropfair/core/limits";
import { airdropIdTypes, airdropPosterStyles } from "@dropfair/schemas/codes";
import { Select, SimpleGrid, Stack, Text, Textarea, TextInput, UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { FieldErrors, WizardDraft } from "../model/wizard-form";
import classes from "./airdrop.module.css";
import { useFieldError } from "./field-error";

export type SettingsStepProps = {
  draft: WizardDraft;
  errors: FieldErrors;
  onChange: <Field extends keyof WizardDraft>(field: Field, value: WizardDraft[Field]) => void;
  /** The account type changes through the page: with a list, it asks first and clears the list. */
  onIdTypeChange: (value: WizardDraft["idType"]) => void;
  chains: readonly { value: string; label: string }[];
  /** Released airdrops keep their list and account type. */
  listLocked: boolean;
};

/** Step 1: campaign settings — title, description, times, poster style, chain and account type. */
export function SettingsStep({
  draft,
  errors,
  onChange,
  onIdTypeChange,
  chains,
  listLocked,
}: SettingsStepProps) {
  const { t } = useTranslation("airdrop");
  const fieldError = useFieldError(errors);
  const titleLength = draft.title.trim().length;
  return (
    <Stack gap="md" data-testid="wizard-settings">
      <TextInput
        label={t("wizard.fields.title")}
        placeholder={t("wizard.fields.titlePlaceholder")}
        value={draft.title}
        onChange={(event) => onChange("title", event.currentTarget.value)}
        error={fieldError("title")}
        withAsterisk
        rightSectionWidth={64}
        rightSection={
          <Text
            size="xs"
            c={titleLength > limits.airdropTitleMaxLength ? "red" : "dimmed"}
            data-testid="title-counter"
          >
            {titleLength}/{limits.airdropTitleMaxLength}
          </Text>
        }
        data-testid="airdrop-title"
      />
      <Textarea
        label={t("wizard.fields.description")}
        placeholder={t("wizard.fields.descriptionPlaceholder")}
        value={draft.description}
        onChange={(event) => onChange("description", event.currentTarget.value)}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={2000}
        data-testid="airdrop-description"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          type="datetime-local"
          label={t("wizard.fields.startAt")}
          description={t("wizard.fields.utcHint")}
          value={draft.startAt}
          onChange={(event) => onChange("startAt", event.currentTarget.value)}
          error={fieldError("startAt")}
          withAsterisk
          data-testid="airdrop-start"
        />
        <TextInput
          type="datetime-local"
          label={t("wizard.fields.endAt")}
          description={t("wizard.fields.utcHint")}
          value={draft.endAt}
          onChange={(event) => onChange("endAt", event.currentTarget.value)}
          error={fieldError("endAt")}
          withAsterisk
          data-testid="airdrop-end"
        />
      </SimpleGrid>
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t("wizard.fields.posterStyle")}
        </Text>
        <SimpleGrid
          cols={{ base: 2, sm: 4 }}
          spacing="sm"
          role="radiogroup"
          aria-label={t("wizard.fields.posterStyle")}
        >
          {airdropPosterStyles.map((style) => (
            <UnstyledButton
              key={style}
              className={classes.posterOption}
              data-checked={draft.posterStyle === style}
              role="radio"
              aria-checked={draft.posterStyle === style}
              onClick={() => onChange("posterStyle", style)}
              data-testid={`poster-${style}`}
            >
              <div className={`${classes.banner} ${classes.swatch}`} data-style={style} />
              <Text size="xs" mt={4}>
                {t(`posterStyles.${style}`)}
              </Text>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t("wizard.fields.chain")}
          description={chains.length === 0 ? t("wizard.noChains") : undefined}
          data={chains}
          value={draft.chainId === null ? null : String(draft.chainId)}
          onChange={(value) => onChange("chainId", value === null ? null : Number(value))}
          error={fieldError("chainId")}
          allowDeselect={false}
          withAsterisk
          disabled={listLocked}
          comboboxProps={{ withinPortal: true }}
          data-testid="airdrop-chain"
        />
        <Select
          label={t("wizard.fields.idType")}
          data={airdropIdTypes.map((value) => ({ value, label: t(`idTypes.${value}`) }))}
          value={draft.idType}
          onChange={(value) => value && onIdTypeChange(value as WizardDraft["idType"])}
          allowDeselect={false}
          disabled={listLocked}
          comboboxProps={{ withinPortal: true }}
          data-testid="airdrop-id-type"
        />
      </SimpleGrid>
      {draft.idType === "telegram" && (
        <TextInput
          label={t("wizard.fields.telegramChatId")}
          description={t("wizard.fields.telegramChatHint")}
          placeholder={t("wizard.fields.telegramChatPlaceholder")}
          value={draft.telegramChatId}
          onChange={(event) => onChange("telegramChatId", event.currentTarget.value)}
          error={fieldError("telegramChatId")}
          disabled={listLocked}
          data-testid="airdrop-telegram-chat"
        />
      )}
      {draft.idType === "discord" && (
        <TextInput
          label={t("wizard.fields.discordGuildId")}
          description={t("wizard.fields.discordGuildHint")}
          inputMode="numeric"
          value={draft.discordGuildId}
          onChange={(event) => onChange("discordGuildId", event.currentTarget.value.replace(/\D/g, ""))}
          error={fieldError("discordGuildId")}
          disabled={listLocked}
          data-testid="airdrop-discord-guild"
        />
      )}
    </Stack>
  );
}
