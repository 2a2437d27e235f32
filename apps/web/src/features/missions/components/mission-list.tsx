import type { Mission } from "@dropfair/schemas/missions";
import { Anchor, Badge, Button, Card, Group, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCheckMission } from "../api/check-mission";
import { actionLabelKey, type MissionRowState, missionTitle, rowState } from "../model/mission-display";

const stateColors: Record<MissionRowState, string> = {
  todo: "gray",
  checking: "blue",
  done: "jade",
  failed: "red",
};

type RowProps = {
  mission: Mission;
  canCheck: boolean;
  pointName: string;
  onCompleted?: ((mission: Mission) => void) | undefined;
};

function MissionRow({ mission, canCheck, pointName, onCompleted }: RowProps) {
  const { t } = useTranslation("missions");
  const check = useCheckMission();
  const [failure, setFailure] = useState<string>();
  const [tweetId, setTweetId] = useState("");
  const state = rowState(mission, check.isPending, failure);
  const title = missionTitle(mission);

  const run = () => {
    setFailure(undefined);
    check.mutate(
      { missionId: mission.id, ...(mission.takesTweetId ? { tweetId } : {}) },
      {
        onError: (error) => setFailure(error.message),
        onSuccess: (result) => {
          if (result.newlyCompleted) onCompleted?.(result.mission);
        },
      },
    );
  };

  return (
    <Card withBorder padding="md" radius="md" data-testid={`mission-${mission.id}`} data-state={state}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: "anywhere" }}>
              {"text" in title ? title.text : t(title.key, title.values)}
            </Text>
            <Group gap="xs">
              {mission.rewardEp > 0 && (
                <Badge variant="light" color="jade" data-testid="mission-reward-ep">
                  {t("reward.ep", { count: mission.rewardEp, pointName })}
                </Badge>
              )}
              {mission.rewardTickets > 0 && (
                <Badge variant="light" color="grape">
                  {t("reward.tickets", { count: mission.rewardTickets })}
                </Badge>
              )}
            </Group>
          </Stack>
          <Badge
            color={stateColors[state]}
            variant={state === "done" ? "filled" : "light"}
            style={{ flexShrink: 0 }}
            data-testid="mission-state"
          >
            {t(`states.${state}`)}
          </Badge>
        </Group>
        {state !== "done" && (
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Anchor href={mission.actionUrl} target="_blank" rel="noopener noreferrer" size="sm">
              {t(actionLabelKey(mission))}
            </Anchor>
            {mission.takesTweetId && (
              <TextInput
                size="xs"
                style={{ flex: "1 1 220px" }}
                label={t("tweetId.label")}
                placeholder={t("tweetId.placeholder")}
                value={tweetId}
                onChange={(event) => setTweetId(event.currentTarget.value)}
                data-testid="mission-tweet-id"
              />
            )}
            <Button
              size="xs"
              ml="auto"
              onClick={run}
              loading={check.isPending}
              disabled={!canCheck}
              data-testid="mission-check"
            >
              {t("check")}
            </Button>
          </Group>
        )}
        {state === "failed" && failure && (
          <Text size="sm" c="red" role="alert" data-testid="mission-failure">
            {failure}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/**
 * A campaign's missions in order: what to do (the action link), the Check button, the state (to do, checking,
 * done, failed with the server's message) and the reward, named with the platform's `pointName`. `canCheck` is
 * false while the wallet is signed out. `onCompleted` hears of a mission the check has just completed (a wheel
 * game refreshes the tickets it granted).
 */
export function MissionList({
  missions,
  canCheck,
  pointName,
  onCompleted,
}: {
  missions: Mission[];
  canCheck: boolean;
  pointName: string;
  onCompleted?: (mission: Mission) => void;
}) {
  const { t } = useTranslation("missions");
  if (missions.length === 0) {
    return (
      <Text c="dimmed" data-testid="missions-empty">
        {t("empty")}
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="mission-list">
      {missions.map((mission) => (
        <MissionRow
          key={mission.id}
          mission={mission}
          canCheck={canCheck}
          pointName={pointName}
          onCompleted={onCompleted}
        />
      ))}
    </Stack>
  );
}
