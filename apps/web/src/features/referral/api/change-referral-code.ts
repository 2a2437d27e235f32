import { useMutation, useQueryClient } from "@tanstack/react-query";
import { referralQueryKey, referralRequest, wire } from "./request";

/** `PUT /api/bounty/referral/me/code`: the signed-in user's new code (format, reserved words and uniqueness checked). */
export function changeReferralCode(code: string) {
  return referralRequest("/me/code", () => wire().then((schemas) => schemas.referralCodeSchema), {
    method: "PUT",
    body: { code },
  });
}

export function useChangeReferralCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeReferralCode,
    onSuccess: () => client.invalidateQueries({ queryKey: referralQueryKey }),
  });
}
