import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { Alert, Card, Stack, Stepper } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAirdropWizard } from "../hooks/use-airdrop-wizard";
import type { AirdropViewer } from "../model/integrations";
import { ParticipantsStep } from "./participants-step";
import { RewardStep } from "./reward-step";
import { SettingsStep } from "./settings-step";
import { WizardActions } from "./wizard-actions";
import { WizardHeader } from "./wizard-header";
import { WizardPreview } from "./wizard-preview";

export type AirdropWizardProps = { initial: AirdropDetail | undefined; viewer: AirdropViewer };

/** The three steps (settings, participants, reward) with save draft, preview, previous and next or finish. */
export function AirdropWizard({ initial, viewer }: AirdropWizardProps) {
  const { t } = useTranslation("airdrop");
  const narrow = useMediaQuery("(max-width: 48em)");
  const wizard = useAirdropWizard(initial, viewer);
  const [previewOpened, setPreviewOpened] = useState(false);
  const { step, draft, errors, detail, airdropId, funding, logo } = wizard;
  // Narrow screens name only the current step; the others show their numbers.
  const stepLabel = (index: number, key: string) => (narrow && step !== index ? undefined : t(key));

  return (
    <Stack gap="lg" data-testid="airdrop-wizard">
      <WizardHeader airdropId={airdropId} detailId={detail?.id} />

      {wizard.released && (
        <Alert color="blue" variant="light" data-testid="wizard-released">
          {t("wizard.releasedNote")}
        </Alert>
      )}

      <Card withBorder radius="lg" padding={narrow ? "md" : "xl"}>
        <Stepper
          active={step}
          onStepClick={(index) => index < step && wizard.goTo(index)}
          allowNextStepsSelect={false}
          size={narrow ? "xs" : "sm"}
          data-testid="wizard-stepper"
        >
          <Stepper.Step
            label={stepLabel(0, "wizard.steps.settings")}
            description={narrow ? undefined : t("wizard.steps.settingsHint")}
          >
            <SettingsStep
              draft={draft}
              errors={errors}
              onChange={wizard.change}
              onIdTypeChange={wizard.onIdTypeChange}
              chains={wizard.chains}
              listLocked={wizard.listLocked}
            />
          </Stepper.Step>
          <Stepper.Step
            label={stepLabel(1, "wizard.steps.participants")}
            description={narrow ? undefined : t("wizard.steps.participantsHint")}
          >
            {airdropId !== undefined && detail && (
              <ParticipantsStep
                airdropId={airdropId}
                idType={draft.idType}
                participantCount={wizard.participantCount}
                totalWeight={detail.totalWeight}
                report={wizard.uploadReport}
                onReport={wizard.onReport}
                errors={errors}
                locked={wizard.listLocked}
              />
            )}
          </Stepper.Step>
          <Stepper.Step
            label={stepLabel(2, "wizard.steps.reward")}
            description={narrow ? undefined : t("wizard.steps.rewardHint")}
          >
            {detail && (
              <RewardStep
                draft={draft}
                errors={errors}
                onChange={wizard.change}
                detail={detail}
                locked={wizard.rewardLocked}
                {...logo}
                onDeposit={wizard.onDeposit}
                depositing={wizard.busy === "deposit"}
                steps={funding.transactions.steps}
                chain={funding.chain}
                nft={funding.nft}
              />
            )}
          </Stepper.Step>
        </Stepper>

        <WizardActions
          step={step}
          busy={wizard.busy}
          working={wizard.working}
          released={wizard.released}
          onSaveDraft={wizard.onSaveDraft}
          onPreview={() => setPreviewOpened(true)}
          onPrevious={wizard.onPrevious}
          onNext={wizard.onNext}
          onFinish={wizard.onFinish}
        />
      </Card>

      <WizardPreview
        opened={previewOpened}
        onClose={() => setPreviewOpened(false)}
        narrow={narrow}
        draft={draft}
        detail={detail}
        participantCount={wizard.participantCount}
        logoUrl={logo.logoUrl}
      />
    </Stack>
  );
}
