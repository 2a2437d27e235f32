import type { Participant } from "@dropfair/schemas/picker";
import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { exclusionLabelKey } from "../model/exclusion";

/** Whether an entrant is banned, rejected, excluded (and why) or eligible. */
export function ParticipantStanding({ participant }: { participant: Participant }) {
  const { t } = useTranslation("picker");
  if (participant.blackReason) {
    return (
      <Badge color="red" variant="light" tt="none" title={participant.blackReason}>
        {t("participants.banned", { reason: participant.blackReason })}
      </Badge>
    );
  }
  if (participant.rejectReason) {
    return (
      <Badge color="orange" variant="light" tt="none" title={participant.rejectReason}>
        {t("participants.rejected", { reason: participant.rejectReason })}
      </Badge>
    );
  }
  if (participant.excludedReason) {
    return (
      <Badge color="gray" variant="light" tt="none">
        {t(exclusionLabelKey(participant.excludedReason))}
      </Badge>
    );
  }
  return (
    <Badge color="jade" variant="light" tt="none">
      {t("participants.eligible")}
    </Badge>
  );
}
