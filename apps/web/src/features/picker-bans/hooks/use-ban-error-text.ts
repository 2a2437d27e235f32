import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/errors";
import { isNotOwnerError } from "../api/request";

/** The text of a failed ban-list call: 'You are not owner' from our catalogue, else the server's message. */
export function useBanErrorText() {
  const { t } = useTranslation(["picker-bans", "validation"]);
  return (error: unknown): string => {
    if (isNotOwnerError(error)) return t("validation:validation.picker.notOwner");
    if (error instanceof ApiError) return error.message;
    return t("picker-bans:errors.unexpected");
  };
}
