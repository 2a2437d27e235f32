import { Checkbox, Input, SimpleGrid, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { CreatePickerForm } from "../hooks/use-create-picker-form";
import { acceptInteger, accountAgeChoices, lastPostChoices } from "../model/create-form";
import { ChoiceChips } from "./choice-chips";
import { CreateSection } from "./create-section";

const profileFilters = ["profilePicture", "banner", "description", "location", "verified"] as const;

/** The entrant filters: profile checks, a minimum post count, account age and last post. */
export function CreateFiltersSection({ form }: { form: CreatePickerForm }) {
  const { t } = useTranslation("picker");
  const { values, set } = form;
  const dayLabel = (choice: string) =>
    choice === "any" ? t("create.filters.any") : t("create.filters.days", { count: Number(choice) });
  return (
    <CreateSection title={t("create.filters.title")} description={t("create.filters.description")}>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
        {profileFilters.map((filter) => (
          <Checkbox
            key={filter}
            label={t(`filters.${filter}`)}
            checked={values[filter]}
            onChange={(event) => set(filter, event.currentTarget.checked)}
            data-testid={`filter-${filter}`}
          />
        ))}
      </SimpleGrid>
      <TextInput
        label={t("create.filters.minTweets")}
        inputMode="numeric"
        placeholder="0"
        maw={260}
        value={values.minTweetCount}
        onChange={(event) =>
          set("minTweetCount", acceptInteger(event.currentTarget.value, values.minTweetCount))
        }
        data-testid="min-tweets"
      />
      <Input.Wrapper label={t("create.filters.accountAge")}>
        <ChoiceChips
          value={values.minAccountAgeDays}
          onChange={(next) => set("minAccountAgeDays", next)}
          options={accountAgeChoices.map((choice) => ({ value: choice, label: dayLabel(choice) }))}
          testId="account-age"
        />
      </Input.Wrapper>
      <Input.Wrapper label={t("create.filters.lastPost")}>
        <ChoiceChips
          value={values.lastPostWithinDays}
          onChange={(next) => set("lastPostWithinDays", next)}
          options={lastPostChoices.map((choice) => ({ value: choice, label: dayLabel(choice) }))}
          testId="last-post"
        />
      </Input.Wrapper>
    </CreateSection>
  );
}
