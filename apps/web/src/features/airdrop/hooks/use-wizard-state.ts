import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { useCallback, useEffect, useReducer, useState } from "react";
import { useForm } from "react-hook-form";
import {
  draftFromDetail,
  draftsDiffer,
  emptyDraft,
  type FieldErrors,
  type WizardDraft,
} from "../model/wizard-form";

export const wizardStepCount = 3;

type Progress = { step: number; errors: FieldErrors };

type ProgressAction =
  | { type: "go"; step: number }
  | { type: "show"; errors: FieldErrors; step?: number }
  | { type: "clear"; fields: readonly (keyof FieldErrors)[] };

function progressReducer(state: Progress, action: ProgressAction): Progress {
  switch (action.type) {
    case "go":
      return { ...state, step: action.step };
    case "show":
      return { step: action.step ?? state.step, errors: action.errors };
    case "clear": {
      if (!action.fields.some((field) => field in state.errors)) return state;
      const errors = { ...state.errors };
      for (const field of action.fields) delete errors[field];
      return { ...state, errors };
    }
  }
}

const clampStep = (step: number) => Math.min(Math.max(step, 0), wizardStepCount - 1);

/**
 * The wizard's editable state: the field values live in a react-hook-form form, the step and the messages in a
 * reducer (each step checks its own fields, and the form-level messages have no input). `saved` is what the API
 * last stored, for the unsaved-changes prompt.
 */
export function useWizardState(
  initial: AirdropDetail | undefined,
  chains: readonly { value: string }[],
  initialStep: number,
) {
  const [initialDraft] = useState<WizardDraft>(() =>
    initial ? draftFromDetail(initial) : emptyDraft(new Date(), null),
  );
  const form = useForm<WizardDraft>({ defaultValues: initialDraft });
  const draft = form.watch();
  const [saved, setSaved] = useState<WizardDraft>(initialDraft);
  const [progress, dispatch] = useReducer(progressReducer, {
    step: clampStep(initialStep),
    errors: {},
  });

  // A new airdrop starts on the first chain that has a distributor, once the configuration is known.
  useEffect(() => {
    const first = chains[0];
    if (draft.chainId !== null || !first || initial) return;
    const chainId = Number(first.value);
    form.setValue("chainId", chainId);
    setSaved((previous) => ({ ...previous, chainId }));
  }, [chains, draft.chainId, initial, form]);

  const clearErrors = useCallback(
    (...fields: (keyof FieldErrors)[]) => dispatch({ type: "clear", fields }),
    [],
  );

  function change<Field extends keyof WizardDraft>(field: Field, value: WizardDraft[Field]) {
    // The cast: react-hook-form's path types do not narrow a generic key to its value.
    form.setValue(field, value as never, { shouldDirty: true });
    clearErrors(field);
  }

  return {
    draft,
    /** A copy of the values now, for saving (the watched object follows later edits). */
    values: (): WizardDraft => ({ ...form.getValues() }),
    change,
    dirty: draftsDiffer(draft, saved),
    markSaved: (values: WizardDraft) => setSaved(values),
    step: progress.step,
    errors: progress.errors,
    goTo: (step: number) => dispatch({ type: "go", step }),
    /** Replaces the messages, moving to `step` when given. */
    showErrors: (errors: FieldErrors, step?: number) => dispatch({ type: "show", errors, step }),
    clearErrors,
  };
}

export type WizardState = ReturnType<typeof useWizardState>;
