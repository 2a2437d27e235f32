import type { AirdropDetail, ParticipantReport } from "@dropfair/schemas/airdrop";
import { airdropStatuses } from "@dropfair/schemas/codes";
// Static on purpose: a dynamic import of a package the shell loads lazily too makes rolldown split the entry
// chunk into many small ones (about +6 KB gz on the first route).
import { notifications } from "@mantine/notifications";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { paths } from "../../../config/paths";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { useLocalizedNavigate } from "../../../shared/i18n/use-locale";
import { messageDialog } from "../../../shared/ui/message-dialog-state";
import { useClearParticipants } from "../api/clear-participants";
import { useAirdrop } from "../api/get-airdrop";
import { useReleaseAirdrop } from "../api/release-airdrop";
import type { AirdropViewer } from "../model/integrations";
import {
  hasErrors,
  validateDeposit,
  validateParticipants,
  validateSettings,
  type WizardDraft,
} from "../model/wizard-form";
import { useReportAirdropError } from "./use-airdrop-error";
import { useLeaveGuard } from "./use-leave-guard";
import { useWizardFunding } from "./use-wizard-funding";
import { useWizardLogo } from "./use-wizard-logo";
import { useWizardSave } from "./use-wizard-save";
import { useWizardState } from "./use-wizard-state";

export type WizardBusy = "save" | "next" | "deposit" | "finish";

/** The chains the wizard offers: those with a distributor in this deployment. */
function useDistributorChains() {
  const { data: config } = usePlatformConfig();
  return useMemo(() => {
    const distributorChains = new Set((config?.airdrop?.distributors ?? []).map((entry) => entry.chainId));
    return (config?.chains ?? [])
      .filter((chain) => distributorChains.has(chain.id))
      .map((chain) => ({ value: String(chain.id), label: chain.name }));
  }, [config]);
}

/**
 * The airdrop wizard's state and actions: the draft (a react-hook-form form) with its step and messages, saving,
 * the participant list's account type, funding, and releasing. Leaving with unsaved changes asks first.
 */
export function useAirdropWizard(initial: AirdropDetail | undefined, viewer: AirdropViewer) {
  const { t } = useTranslation(["airdrop", "validation"]);
  const navigate = useLocalizedNavigate();
  const location = useLocation();
  const report = useReportAirdropError();
  const chains = useDistributorChains();
  const [airdropId, setAirdropId] = useState(initial?.id);
  const live = useAirdrop(airdropId, viewer.walletAddress?.toLowerCase());
  const detail = live.data ?? initial;
  const state = useWizardState(initial, chains, (location.state as { step?: number } | null)?.step ?? 0);
  const { draft } = state;
  const [uploadReport, setUploadReport] = useState<ParticipantReport>();
  const [busy, setBusy] = useState<WizardBusy>();
  const clear = useClearParticipants();
  const release = useReleaseAirdrop();
  const guard = useLeaveGuard(state.dirty);
  const saveDraft = useWizardSave({
    state,
    airdropId,
    onCreated: setAirdropId,
    detail,
    walletAddress: viewer.walletAddress,
    allowNext: guard.allowNext,
  });
  const funding = useWizardFunding({ state, detail, saveDraft: () => saveDraft() });
  const logo = useWizardLogo(airdropId, detail, draft.customToken);

  const participantCount = detail?.participantCount ?? 0;
  const released = detail !== undefined && detail.status !== airdropStatuses.draft;
  const rewardLocked = detail !== undefined && !detail.editable;

  async function changeIdType(value: WizardDraft["idType"]) {
    if (value === draft.idType) return;
    if (participantCount > 0 && airdropId !== undefined) {
      const confirmed = await messageDialog.confirm({
        message: t("validation:validation.airdrop.idTypeChangeConfirm"),
      });
      if (!confirmed) return;
      try {
        await clear.mutateAsync(airdropId);
        setUploadReport(undefined);
      } catch (error) {
        report(error);
        return;
      }
    }
    state.change("idType", value);
  }

  /** Runs one of the buttons' actions, showing it busy meanwhile. */
  async function busyWith(kind: WizardBusy, action: () => Promise<unknown>) {
    setBusy(kind);
    try {
      await action();
    } finally {
      setBusy(undefined);
    }
  }

  async function next() {
    if (state.step === 0) {
      // A new draft moves to its own URL and opens there on step 2; an existing one just moves on.
      const creating = airdropId === undefined;
      const result = await saveDraft(1);
      if (result && !creating) state.goTo(1);
      return;
    }
    if (state.step === 1) {
      const listErrors = validateParticipants(participantCount);
      state.showErrors(listErrors, hasErrors(listErrors) ? undefined : 2);
    }
  }

  /** Every step's checks, moving to the first step with a problem. */
  function validateAll(): boolean {
    const checks = [validateSettings(state.values()), validateParticipants(participantCount)];
    for (const [step, found] of checks.entries()) {
      if (hasErrors(found)) {
        state.showErrors(found, step);
        return false;
      }
    }
    const reward = funding.rewardErrors(participantCount);
    state.showErrors(reward, hasErrors(reward) ? 2 : undefined);
    return !hasErrors(reward);
  }

  async function finish() {
    const funded = await funding.ensureFunded();
    if (!funded) return;
    if (funded.rewardType !== "discord_role") {
      const depositErrors = validateDeposit(
        BigInt(funded.deposited),
        funded.requiredDeposit === null ? undefined : BigInt(funded.requiredDeposit),
      );
      if (hasErrors(depositErrors)) return state.showErrors(depositErrors);
    }
    const result = await release.mutateAsync(funded.id);
    guard.allowNext();
    await navigate(paths.airdropDetail.build({ id: result.id }));
  }

  async function onFinish() {
    if (released) {
      const result = await saveDraft();
      if (!result) return;
      guard.allowNext();
      return navigate(paths.airdropDetail.build({ id: result.id }));
    }
    if (!validateAll()) return;
    await busyWith("finish", () => finish().catch(funding.reportFunding));
  }

  async function onDeposit() {
    if (!validateAll()) return;
    await busyWith("deposit", () => funding.ensureFunded().catch(funding.reportFunding));
  }

  return {
    ...state,
    chains,
    airdropId,
    detail,
    participantCount,
    released,
    rewardLocked,
    listLocked: released || rewardLocked,
    uploadReport,
    onReport: (next: ParticipantReport | undefined) => {
      setUploadReport(next);
      state.clearErrors("participants");
    },
    onIdTypeChange: (value: WizardDraft["idType"]) => void changeIdType(value),
    busy,
    working: busy !== undefined || funding.transactions.running,
    onSaveDraft: () =>
      void busyWith("save", async () => {
        if (await saveDraft()) notifications.show({ color: "jade", message: t("wizard.saved") });
      }),
    onNext: () => void busyWith("next", next),
    onPrevious: () => state.goTo(state.step - 1),
    onDeposit: () => void onDeposit(),
    onFinish: () => void onFinish(),
    funding,
    logo,
  };
}

export type AirdropWizardModel = ReturnType<typeof useAirdropWizard>;
