import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDeleteLogo } from "../api/delete-logo";
import { useLogoUrl } from "../api/get-logo";
import { useUploadLogo } from "../api/upload-logo";
import { validateLogo } from "../model/wizard-form";
import { useAirdropErrorText, useReportAirdropError } from "./use-airdrop-error";

/** A custom token's logo: checked for size, uploaded once the draft exists, shown while the token is custom. */
export function useWizardLogo(
  airdropId: number | undefined,
  detail: AirdropDetail | undefined,
  customToken: boolean,
) {
  const { t } = useTranslation(["airdrop", "validation"]);
  const report = useReportAirdropError();
  const errorText = useAirdropErrorText();
  const uploadLogo = useUploadLogo();
  const removeLogo = useDeleteLogo();
  const [logoError, setLogoError] = useState<string>();
  const logoUrl = useLogoUrl(airdropId, detail?.updatedAt, Boolean(detail?.hasLogo && customToken));

  async function onLogo(file: File | null) {
    if (!file || airdropId === undefined) return;
    const problem = validateLogo(file);
    if (problem) {
      setLogoError(t(problem.key, problem.params));
      return;
    }
    setLogoError(undefined);
    try {
      await uploadLogo.mutateAsync({ airdropId, file });
    } catch (error) {
      setLogoError(errorText(error));
    }
  }

  async function onRemoveLogo() {
    if (airdropId === undefined) return;
    try {
      await removeLogo.mutateAsync(airdropId);
    } catch (error) {
      report(error);
    }
  }

  return {
    logoUrl,
    logoError,
    onLogo: (file: File | null) => void onLogo(file),
    onRemoveLogo: () => void onRemoveLogo(),
    logoBusy: uploadLogo.isPending || removeLogo.isPending,
  };
}
