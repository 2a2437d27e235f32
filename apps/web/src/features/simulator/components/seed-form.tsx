import { Button, Group, SimpleGrid, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { type SeedFormErrors, type SeedFormValues, validateSeedForm } from "../model/simulator-form";

/** Seed and username, both required; the parent runs the verification. */
export function SeedForm({
  initialValues,
  busy,
  onSubmit,
}: {
  initialValues: SeedFormValues;
  busy: boolean;
  onSubmit: (values: SeedFormValues) => void;
}) {
  const { t } = useTranslation(["simulator", "validation"]);
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<SeedFormErrors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateSeedForm(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  }

  function change(field: keyof SeedFormValues, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }));
  }

  return (
    <form onSubmit={submit} noValidate data-testid="seed-form">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t("seed.seedLabel")}
          placeholder={t("seed.seedPlaceholder")}
          value={values.seed}
          onChange={(event) => change("seed", event.currentTarget.value)}
          error={errors.seed ? t(`validation:${errors.seed}`) : undefined}
          autoComplete="off"
          spellCheck={false}
          withAsterisk
          data-testid="seed-input"
        />
        <TextInput
          label={t("seed.usernameLabel")}
          placeholder={t("seed.usernamePlaceholder")}
          value={values.username}
          onChange={(event) => change("username", event.currentTarget.value)}
          error={errors.username ? t(`validation:${errors.username}`) : undefined}
          autoComplete="off"
          spellCheck={false}
          withAsterisk
          data-testid="username-input"
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={busy} data-testid="seed-submit">
          {t("seed.submit")}
        </Button>
      </Group>
    </form>
  );
}
