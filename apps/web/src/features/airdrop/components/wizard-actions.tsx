import { Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { WizardBusy } from "../hooks/use-airdrop-wizard";
import { wizardStepCount } from "../hooks/use-wizard-state";

export type WizardActionsProps = {
  step: number;
  busy: WizardBusy | undefined;
  /** A button's action or a wallet transaction is running: the other buttons wait. */
  working: boolean;
  released: boolean;
  onSaveDraft: () => void;
  onPreview: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onFinish: () => void;
};

/** Save draft and preview on the left; previous, and next or finish, on the right. */
export function WizardActions({
  step,
  busy,
  working,
  released,
  onSaveDraft,
  onPreview,
  onPrevious,
  onNext,
  onFinish,
}: WizardActionsProps) {
  const { t } = useTranslation("airdrop");
  return (
    <Group justify="space-between" mt="xl" gap="sm">
      <Group gap="sm">
        <Button
          variant="default"
          onClick={onSaveDraft}
          loading={busy === "save"}
          disabled={working && busy !== "save"}
          data-testid="wizard-save"
        >
          {t("wizard.saveDraft")}
        </Button>
        <Button variant="subtle" onClick={onPreview} data-testid="wizard-preview">
          {t("wizard.preview")}
        </Button>
      </Group>
      <Group gap="sm">
        {step > 0 && (
          <Button variant="default" onClick={onPrevious} disabled={working} data-testid="wizard-previous">
            {t("wizard.previous")}
          </Button>
        )}
        {step < wizardStepCount - 1 ? (
          <Button
            onClick={onNext}
            loading={busy === "next"}
            disabled={working && busy !== "next"}
            data-testid="wizard-next"
          >
            {t("wizard.next")}
          </Button>
        ) : (
          <Button
            color="jade"
            onClick={onFinish}
            loading={busy === "finish"}
            disabled={working && busy !== "finish"}
            data-testid="wizard-finish"
          >
            {released ? t("wizard.saveAndView") : t("wizard.finish")}
          </Button>
        )}
      </Group>
    </Group>
  );
}
