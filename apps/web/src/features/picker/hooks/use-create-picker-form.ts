import { replyLookupWinnerLimit } from "@dropfair/core/picker";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { paths } from "../../../config/paths";
import { useLocalizedNavigate } from "../../../shared/i18n/use-locale";
import { useCreatePicker } from "../api/create-picker";
import { useMembership } from "../api/get-membership";
import { pickerSchemas } from "../api/request";
import { saveCreateDraft, takeCreateDraft } from "../model/create-draft";
import {
  type CreateFormErrors,
  type CreatePickerFormValues,
  initialCreateValues,
  schemaErrors,
  toCreatePickerBody,
  toFormErrors,
  validateCreateForm,
} from "../model/create-form";
import { type PickerErrorMessage, pickerErrorMessage } from "../model/error-messages";
import type { XAccount } from "../model/integrations";

/**
 * The create-picker form: values and messages in react-hook-form (checked by `validateCreateForm` on submit, a
 * field's message cleared when it changes), then signing in with X when needed (the form is kept across the round
 * trip), the shared body schema, and the request.
 */
export function useCreatePickerForm(xAccount: XAccount, signInWithX: () => void) {
  const { t } = useTranslation(["picker", "validation"]);
  const navigate = useLocalizedNavigate();
  const [searchParams] = useSearchParams();
  const [initial] = useState<CreatePickerFormValues>(
    () => takeCreateDraft() ?? initialCreateValues(searchParams.get("post") ?? ""),
  );
  const membership = useMembership(xAccount.signedIn ? xAccount.xUserId : undefined);
  const replyWinnerLimit = membership.data?.member
    ? replyLookupWinnerLimit.member
    : replyLookupWinnerLimit.free;
  // The messages show on submit and stay until their field changes.
  const form = useForm<CreatePickerFormValues>({ defaultValues: initial });
  const values = form.watch();
  const { errors } = form.formState;
  const [failure, setFailure] = useState<PickerErrorMessage>();
  const [membershipOpened, setMembershipOpened] = useState(false);
  const create = useCreatePicker();

  function set<Key extends keyof CreatePickerFormValues>(key: Key, value: CreatePickerFormValues[Key]) {
    // The cast: react-hook-form's path types do not narrow a generic key to its value.
    form.setValue(key, value as never, { shouldDirty: true });
    form.clearErrors(key);
    setFailure(undefined);
  }

  function signIn() {
    saveCreateDraft(form.getValues());
    signInWithX();
  }

  /** Replaces the form's messages with `found`; true when there are none. */
  function showErrors(found: CreateFormErrors) {
    form.clearErrors();
    const messages = Object.entries(toFormErrors(found));
    for (const [field, error] of messages) form.setError(field as keyof CreatePickerFormValues, error);
    return messages.length === 0;
  }

  // Checked at once, not through handleSubmit (which awaits): signing in with X leaves the page, and must happen
  // within the click that asked for it.
  function submit(event: React.FormEvent) {
    event.preventDefault();
    const checked = form.getValues();
    if (!showErrors(validateCreateForm(checked, { replyWinnerLimit }))) return;
    if (!xAccount.signedIn) {
      signIn();
      return;
    }
    void send(checked);
  }

  async function send(checked: CreatePickerFormValues) {
    const { createPickerBodySchema } = await pickerSchemas();
    const parsed = createPickerBodySchema.safeParse(toCreatePickerBody(checked));
    if (!parsed.success) {
      showErrors(schemaErrors(parsed.error.issues));
      return;
    }
    create.mutate(toCreatePickerBody(checked), {
      onSuccess: (picker) => void navigate(paths.picker2Detail.build({ id: picker.id })),
      onError: (error) => {
        const message = pickerErrorMessage(error);
        setFailure(message);
        if (message && "action" in message && message.action === "membership") setMembershipOpened(true);
      },
    });
  }

  return {
    values,
    set,
    /** A field's message, translated. */
    errorOf: (key: keyof CreatePickerFormValues) => {
      const message = errors[key]?.message;
      return message ? t(message) : undefined;
    },
    /** The reply requirement's message names the winner limit. */
    replyError: errors.requireReply?.message
      ? t(errors.requireReply.message, { limit: replyWinnerLimit })
      : undefined,
    replyWinnerLimit,
    submit,
    pending: create.isPending,
    failure,
    signIn,
    membershipOpened,
    setMembershipOpened,
  };
}

export type CreatePickerForm = ReturnType<typeof useCreatePickerForm>;
