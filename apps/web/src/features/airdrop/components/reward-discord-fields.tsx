import { acceptInput } from "@dropfair/core/patterns";
import { SimpleGrid, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { WizardDraft } from "../model/wizard-form";

export type RewardDiscordFieldsProps = {
  draft: WizardDraft;
  onChange: <Field extends keyof WizardDraft>(field: Field, value: WizardDraft[Field]) => void;
  fieldError: (field: "discordGuildId" | "discordRoleId") => string | undefined;
  locked: boolean;
};

/** A Discord-role reward's server and role, as numeric ids. */
export function RewardDiscordFields({ draft, onChange, fieldError, locked }: RewardDiscordFieldsProps) {
  const { t } = useTranslation("airdrop");
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput
        label={t("wizard.fields.discordGuildId")}
        value={draft.discordGuildId}
        onChange={(event) =>
          onChange("discordGuildId", acceptInput("integer", event.currentTarget.value, draft.discordGuildId))
        }
        error={fieldError("discordGuildId")}
        disabled={locked}
        inputMode="numeric"
      />
      <TextInput
        label={t("wizard.fields.discordRoleId")}
        value={draft.discordRoleId}
        onChange={(event) =>
          onChange("discordRoleId", acceptInput("integer", event.currentTarget.value, draft.discordRoleId))
        }
        error={fieldError("discordRoleId")}
        disabled={locked}
        inputMode="numeric"
      />
    </SimpleGrid>
  );
}
