import { acceptInput } from "@dropfair/core/patterns";
import { SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { WizardDraft } from "../model/wizard-form";
import { RewardLogoField, type RewardLogoFieldProps } from "./reward-logo-field";

export type RewardTokenFieldsProps = RewardLogoFieldProps & {
  draft: WizardDraft;
  onChange: <Field extends keyof WizardDraft>(field: Field, value: WizardDraft[Field]) => void;
  fieldError: (field: "tokenSymbol" | "totalAmount") => string | undefined;
  locked: boolean;
  /** The token's symbol as the amount's suffix: the custom one, or the one read from chain. */
  symbol: string | null;
};

/** A token reward's own inputs: a custom token's symbol and logo, and the total amount. */
export function RewardTokenFields({
  draft,
  onChange,
  fieldError,
  locked,
  symbol,
  ...logo
}: RewardTokenFieldsProps) {
  const { t } = useTranslation("airdrop");
  return (
    <Stack gap="sm">
      <Switch
        label={t("wizard.fields.customToken")}
        description={t("wizard.fields.customTokenHint")}
        checked={draft.customToken}
        onChange={(event) => onChange("customToken", event.currentTarget.checked)}
        disabled={locked}
        data-testid="custom-token"
      />
      {draft.customToken && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t("wizard.fields.tokenSymbol")}
            value={draft.tokenSymbol}
            onChange={(event) => onChange("tokenSymbol", event.currentTarget.value.slice(0, 20))}
            error={fieldError("tokenSymbol")}
            disabled={locked}
            withAsterisk
            data-testid="token-symbol"
          />
          <RewardLogoField {...logo} />
        </SimpleGrid>
      )}
      <TextInput
        label={t("wizard.fields.totalAmount")}
        description={t("wizard.fields.totalAmountHint")}
        placeholder="0.0"
        inputMode="decimal"
        value={draft.totalAmount}
        onChange={(event) =>
          onChange("totalAmount", acceptInput("decimal", event.currentTarget.value, draft.totalAmount))
        }
        error={fieldError("totalAmount")}
        disabled={locked}
        withAsterisk
        rightSection={
          symbol ? (
            <Text size="xs" c="dimmed">
              {symbol}
            </Text>
          ) : undefined
        }
        rightSectionWidth={symbol ? 64 : undefined}
        data-testid="total-amount"
      />
    </Stack>
  );
}
