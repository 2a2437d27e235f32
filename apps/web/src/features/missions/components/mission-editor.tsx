import {
  type Mission,
  type MissionCreateBody,
  type MissionKind,
  missionKinds,
} from "@dropfair/schemas/missions";
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { missionSchemas } from "../api/request";
import { missionTitle } from "../model/mission-display";
import {
  type DraftErrors,
  draftBody,
  emptyDraft,
  type MissionDraft,
  type MissionRewardKind,
  parameterFields,
} from "../model/mission-draft";

export type MissionEditorProps = {
  /** The campaign's missions now, in order. */
  missions: Mission[];
  /** What a mission rewards here: a wheel's tickets, EP, or nothing (join missions). */
  reward: MissionRewardKind;
  pointName: string;
  /** Sends the new mission (the feature's route); a failure is shown with `errorText`. */
  onAdd: (body: MissionCreateBody) => Promise<unknown>;
  onRemove: (mission: Mission) => Promise<unknown>;
  /** The text of a failed add or remove, in the feature's wording. */
  errorText: (error: unknown) => string | undefined;
  /** A prefix for the test ids, when a page shows two editors. */
  testId?: string;
};

/**
 * Adding and removing a campaign's missions, for whoever manages it (a wheel game's creator, a tips campaign's):
 * the missions with their reward and Remove, then a form for a new one (kind, what it is about, an optional
 * title and the reward). Shared by every campaign page; the feature passes its own routes.
 */
export function MissionEditor({
  missions,
  reward,
  pointName,
  onAdd,
  onRemove,
  errorText,
  testId = "mission-editor",
}: MissionEditorProps) {
  const { t } = useTranslation("missions");
  const [draft, setDraft] = useState<MissionDraft>(() => emptyDraft());
  const [errors, setErrors] = useState<DraftErrors>({});
  const [failure, setFailure] = useState<string>();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<number>();

  const change = (patch: Partial<MissionDraft>) => {
    setDraft((previous) => ({ ...previous, ...patch }));
    setErrors({});
  };

  async function add() {
    setFailure(undefined);
    const checked = draftBody(draft, reward, await missionSchemas());
    if ("errors" in checked) {
      setErrors(checked.errors);
      return;
    }
    setAdding(true);
    try {
      await onAdd(checked.body);
      setDraft(emptyDraft(draft.kind, draft.reward));
    } catch (error) {
      setFailure(errorText(error) ?? t("editor.errors.failed"));
    } finally {
      setAdding(false);
    }
  }

  async function remove(mission: Mission) {
    setFailure(undefined);
    setRemoving(mission.id);
    try {
      await onRemove(mission);
    } catch (error) {
      setFailure(errorText(error) ?? t("editor.errors.failed"));
    } finally {
      setRemoving(undefined);
    }
  }

  const fieldError = (name: string) => (errors[name] ? t(errors[name]) : undefined);

  return (
    <Stack gap="sm" data-testid={testId}>
      {missions.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
          {t("editor.none")}
        </Text>
      ) : (
        missions.map((mission) => {
          const title = missionTitle(mission);
          return (
            <Group
              key={mission.id}
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              data-testid={`${testId}-mission-${mission.id}`}
            >
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
                  {"text" in title ? title.text : t(title.key, title.values)}
                </Text>
                {reward !== "none" && (
                  <Badge variant="light" color={reward === "tickets" ? "grape" : "jade"}>
                    {reward === "tickets"
                      ? t("reward.tickets", { count: mission.rewardTickets })
                      : t("reward.ep", { count: mission.rewardEp, pointName })}
                  </Badge>
                )}
              </Stack>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => void remove(mission)}
                loading={removing === mission.id}
                disabled={adding || (removing !== undefined && removing !== mission.id)}
                style={{ flexShrink: 0 }}
                data-testid={`${testId}-remove-${mission.id}`}
              >
                {t("editor.remove")}
              </Button>
            </Group>
          );
        })
      )}
      <Card withBorder radius="md" padding="sm">
        <Stack gap="xs">
          <Title order={3} fz="sm">
            {t("editor.addTitle")}
          </Title>
          <NativeSelect
            label={t("editor.kind")}
            data={missionKinds.map((kind) => ({ value: kind, label: t(`editor.kinds.${kind}`) }))}
            value={draft.kind}
            onChange={(event) => change({ kind: event.currentTarget.value as MissionKind })}
            data-testid={`${testId}-kind`}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
            {parameterFields[draft.kind].map((field) => (
              <TextInput
                key={`${draft.kind}-${field.name}`}
                label={t(`editor.fields.${field.name}`)}
                description={t(`editor.hints.${field.name}`, { defaultValue: "" }) || undefined}
                value={draft.values[field.name] ?? ""}
                onChange={(event) =>
                  change({ values: { ...draft.values, [field.name]: event.currentTarget.value } })
                }
                error={fieldError(field.name)}
                withAsterisk={!field.optional}
                inputMode={field.numeric ? "numeric" : undefined}
                data-testid={`${testId}-${field.name}`}
              />
            ))}
          </SimpleGrid>
          {errors.content && (
            <Text size="sm" c="red" data-testid={`${testId}-content-error`}>
              {t(errors.content)}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
            <TextInput
              label={t("editor.title")}
              description={t("editor.titleHint")}
              value={draft.title}
              onChange={(event) => change({ title: event.currentTarget.value })}
              error={fieldError("title")}
              maxLength={120}
              data-testid={`${testId}-title`}
            />
            {reward !== "none" && (
              <TextInput
                label={reward === "tickets" ? t("editor.rewardTickets") : t("editor.rewardEp", { pointName })}
                value={draft.reward}
                onChange={(event) => change({ reward: event.currentTarget.value })}
                error={fieldError("reward")}
                inputMode="numeric"
                withAsterisk
                data-testid={`${testId}-reward`}
              />
            )}
          </SimpleGrid>
          {failure && (
            <Alert color="red" variant="light" data-testid={`${testId}-failure`}>
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              size="sm"
              onClick={() => void add()}
              loading={adding}
              disabled={removing !== undefined}
              data-testid={`${testId}-add`}
            >
              {t("editor.add")}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
