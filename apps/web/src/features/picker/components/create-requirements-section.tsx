import { maxFollowTargets } from "@dropfair/core/picker";
import { Switch, TagsInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { CreatePickerForm } from "../hooks/use-create-picker-form";
import { normalizeFollowTargets } from "../model/create-form";
import { CreateSection } from "./create-section";

/** What entrants must do: retweet, reply (up to a winner limit), follow up to five accounts. */
export function CreateRequirementsSection({ form }: { form: CreatePickerForm }) {
  const { t } = useTranslation("picker");
  const { values, set } = form;
  return (
    <CreateSection title={t("create.requirements.title")} description={t("create.requirements.description")}>
      <Switch
        label={t("create.requirements.retweet")}
        checked={values.requireRetweet}
        onChange={(event) => set("requireRetweet", event.currentTarget.checked)}
        data-testid="require-retweet"
      />
      <Switch
        label={t("create.requirements.reply")}
        description={t("create.requirements.replyHint", { limit: form.replyWinnerLimit })}
        checked={values.requireReply}
        onChange={(event) => set("requireReply", event.currentTarget.checked)}
        error={form.replyError}
        data-testid="require-reply"
      />
      <TagsInput
        label={t("create.requirements.follow")}
        description={t("create.requirements.followHint", { max: maxFollowTargets })}
        placeholder={values.followTargets.length < maxFollowTargets ? "@username" : undefined}
        value={values.followTargets}
        onChange={(next) => set("followTargets", normalizeFollowTargets(next))}
        maxTags={maxFollowTargets}
        splitChars={[",", " "]}
        acceptValueOnBlur
        clearable
        data-testid="follow-targets"
      />
    </CreateSection>
  );
}
