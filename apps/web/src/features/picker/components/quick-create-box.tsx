import { messageKeys } from "@dropfair/core/messages";
import { parsePickerReference } from "@dropfair/core/picker";
import { Button, Group, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { IconSearch } from "../../../shared/ui/icons";
import { resolvePickerReference } from "../api/resolve-picker-reference";
import { usePickerErrorText } from "../hooks/use-picker-error";

export type QuickCreateTarget = { kind: "picker"; id: number } | { kind: "post"; postUrl: string };

/** A bare post id becomes a post URL the create form (and the API) accept. */
function postUrlFor(input: string, postId: string) {
  const value = input.trim();
  return /^\d+$/.test(value) ? `https://x.com/i/status/${postId}` : value;
}

/**
 * Seed search and quick creation: a picker URL or seed or id opens the picker, a post URL or id
 * opens the create form with it filled in; anything else is 'Cannot find ... please re-enter.'
 */
export function QuickCreateBox({ onResolved }: { onResolved: (target: QuickCreateTarget) => void }) {
  const { t } = useTranslation(["picker", "validation"]);
  const errorText = usePickerErrorText();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const input = value.trim();
    if (!parsePickerReference(input)) {
      setError(t(`validation:${messageKeys.quickCreate.notFound}`));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const resolved = await resolvePickerReference(input);
      if (resolved.kind === "picker" && resolved.pickerId !== null) {
        onResolved({ kind: "picker", id: resolved.pickerId });
      } else if (resolved.kind === "post" && resolved.postId !== null) {
        onResolved({ kind: "post", postUrl: postUrlFor(input, resolved.postId) });
      } else {
        setError(t(`validation:${messageKeys.quickCreate.notFound}`));
      }
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="quick-create">
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          style={{ flex: 1, minWidth: 0 }}
          size="md"
          aria-label={t("picker:quick.label")}
          placeholder={t("picker:quick.placeholder")}
          leftSection={<IconSearch size={18} />}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          maxLength={500}
          data-testid="quick-create-input"
        />
        <Button type="submit" size="md" loading={busy} data-testid="quick-create-submit">
          {t("picker:quick.submit")}
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt={6}>
        {t("picker:quick.hint")}
      </Text>
    </form>
  );
}
