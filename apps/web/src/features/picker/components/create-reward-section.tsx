import { maxWinnerCount } from "@dropfair/core/picker";
import { SimpleGrid, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { CreatePickerForm } from "../hooks/use-create-picker-form";
import { acceptInteger, acceptRewardAmount } from "../model/create-form";
import { CreateSection } from "./create-section";

/** Winners and reward: how many win, and the amount or words each one gets. */
export function CreateRewardSection({ form }: { form: CreatePickerForm }) {
  const { t } = useTranslation("picker");
  const { values, set, errorOf } = form;
  return (
    <CreateSection title={t("create.reward.title")}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput
          label={t("create.reward.winners")}
          description={t("create.reward.winnersHint", { max: maxWinnerCount })}
          inputMode="numeric"
          value={values.winnerCount}
          onChange={(event) =>
            set("winnerCount", acceptInteger(event.currentTarget.value, values.winnerCount, 4))
          }
          error={errorOf("winnerCount")}
          data-testid="winner-count"
        />
        <TextInput
          label={t("create.reward.amount")}
          description={t("create.reward.amountHint")}
          inputMode="decimal"
          placeholder="0.00"
          value={values.rewardAmount}
          onChange={(event) =>
            set("rewardAmount", acceptRewardAmount(event.currentTarget.value, values.rewardAmount))
          }
          error={errorOf("rewardAmount")}
          data-testid="reward-amount"
        />
        <TextInput
          label={t("create.reward.text")}
          description={t("create.reward.textHint")}
          placeholder={t("create.reward.textPlaceholder")}
          value={values.rewardText}
          onChange={(event) => set("rewardText", event.currentTarget.value)}
          maxLength={200}
          data-testid="reward-text"
        />
      </SimpleGrid>
    </CreateSection>
  );
}
