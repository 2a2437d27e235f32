import { TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { CreatePickerForm } from "../hooks/use-create-picker-form";
import { ChoiceChips } from "./choice-chips";
import { CreateSection } from "./create-section";

/** The info winners submit: an EVM or Solana address, or a custom field the creator names. */
export function CreateInfoSection({ form }: { form: CreatePickerForm }) {
  const { t } = useTranslation("picker");
  const { values, set, errorOf } = form;
  return (
    <CreateSection title={t("create.info.title")} description={t("create.info.description")}>
      <ChoiceChips
        value={values.infoType}
        onChange={(next) => set("infoType", next)}
        options={(["evm", "solana", "custom"] as const).map((value) => ({
          value,
          label: t(`infoType.${value}`),
        }))}
        testId="info-type"
      />
      {values.infoType === "custom" && (
        <TextInput
          label={t("create.info.name")}
          placeholder={t("create.info.namePlaceholder")}
          withAsterisk
          value={values.infoName}
          onChange={(event) => set("infoName", event.currentTarget.value)}
          error={errorOf("infoName")}
          maxLength={60}
          data-testid="info-name"
        />
      )}
    </CreateSection>
  );
}
