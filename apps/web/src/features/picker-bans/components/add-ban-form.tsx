import { maxReasonLength } from "@dropfair/core/picker";
import { Alert, Button, Group, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAddBan } from "../api/add-ban";
import { useBanErrorText } from "../hooks/use-ban-error-text";
import { type BanFormErrors, type BanFormValues, normalizeHandle, validateBanForm } from "../model/ban-list";

const empty: BanFormValues = { username: "", reason: "" };

/** Ban an X account by handle, with the black reason the entrant will see. Owner and helpers only. */
export function AddBanForm({ pickerId }: { pickerId: number }) {
  const { t } = useTranslation("picker-bans");
  const errorText = useBanErrorText();
  const addBan = useAddBan(pickerId);
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<BanFormErrors>({});

  function change(field: keyof BanFormValues, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }));
    if (addBan.isError) addBan.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateBanForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const username = normalizeHandle(values.username);
    addBan.mutate(
      { username, reason: values.reason.trim() },
      {
        onSuccess: (banned) => {
          setValues(empty);
          notifications.show({ color: "jade", message: t("add.done", { username: banned.username }) });
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate data-testid="add-ban-form">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t("add.username")}
          placeholder={t("add.usernamePlaceholder")}
          value={values.username}
          onChange={(event) => change("username", event.currentTarget.value)}
          error={errors.username ? t(`add.errors.username.${errors.username}`) : undefined}
          autoComplete="off"
          spellCheck={false}
          withAsterisk
          style={{ flex: "1 1 200px" }}
          data-testid="ban-username"
        />
        <TextInput
          label={t("add.reason")}
          placeholder={t("add.reasonPlaceholder")}
          value={values.reason}
          onChange={(event) => change("reason", event.currentTarget.value)}
          error={
            errors.reason ? t(`add.errors.reason.${errors.reason}`, { max: maxReasonLength }) : undefined
          }
          maxLength={maxReasonLength}
          autoComplete="off"
          withAsterisk
          style={{ flex: "2 1 260px" }}
          data-testid="ban-reason"
        />
        <Button
          type="submit"
          loading={addBan.isPending}
          mt={{ base: 0, xs: 25 }}
          w={{ base: "100%", xs: "auto" }}
          data-testid="ban-submit"
        >
          {t("add.submit")}
        </Button>
      </Group>
      {addBan.isError && (
        <Alert color="red" variant="light" mt="sm" data-testid="ban-error">
          {errorText(addBan.error)}
        </Alert>
      )}
    </form>
  );
}
