import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { useQueryClient } from "@tanstack/react-query";
import { paths } from "../../../config/paths";
import { useLocalizedNavigate } from "../../../shared/i18n/use-locale";
import { airdropQueryOptions } from "../api/get-airdrop";
import { useSaveAirdrop } from "../api/save-airdrop";
import { draftToBody, hasErrors, validateSettings } from "../model/wizard-form";
import { useReportAirdropError } from "./use-airdrop-error";
import type { WizardState } from "./use-wizard-state";

type WizardSaveInput = {
  state: WizardState;
  airdropId: number | undefined;
  onCreated: (id: number) => void;
  detail: AirdropDetail | undefined;
  walletAddress: string | undefined;
  /** Lets the page's own next navigation past the unsaved-changes prompt. */
  allowNext: () => void;
};

/** Saving the draft: step 1's checks first, then create or update; a new draft moves to its own URL. */
export function useWizardSave({
  state,
  airdropId,
  onCreated,
  detail,
  walletAddress,
  allowNext,
}: WizardSaveInput) {
  const navigate = useLocalizedNavigate();
  const queryClient = useQueryClient();
  const report = useReportAirdropError();
  const save = useSaveAirdrop();

  /** Saves the draft (creating it the first time); undefined when the settings are invalid or the save failed. */
  return async function saveDraft(nextStep?: number): Promise<AirdropDetail | undefined> {
    const draft = state.values();
    const settingsErrors = validateSettings(draft);
    if (hasErrors(settingsErrors)) {
      state.showErrors(settingsErrors, 0);
      return undefined;
    }
    if (!state.dirty && detail) return detail;
    try {
      const result = await save.mutateAsync({ id: airdropId, body: draftToBody(draft) });
      state.markSaved(draft);
      if (airdropId === undefined) {
        // The new draft gets its own URL; the page remounts there from the cache, on the step it was going to.
        queryClient.setQueryData(
          airdropQueryOptions(result.id, walletAddress?.toLowerCase()).queryKey,
          result,
        );
        onCreated(result.id);
        allowNext();
        await navigate(paths.airdropCreate.build({ id: result.id }), {
          replace: true,
          state: { step: nextStep ?? state.step },
        });
      }
      return result;
    } catch (error) {
      report(error);
      return undefined;
    }
  };
}
