import type { Participant } from "@dropfair/schemas/picker";
import {
  Anchor,
  Button,
  Card,
  CopyButton,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { IconAlert, IconCheck, IconCopy } from "../../../shared/ui/icons";
import { formatChance, formatCount } from "../model/format-chance";
import type { RankedUser, VerificationReport as Report } from "../model/verification";
import { CheckCard } from "./check-card";
import { RankDistributionChart } from "./rank-distribution-chart";
import classes from "./simulator.module.css";
import { WinFrequencyChart } from "./win-frequency-chart";

/** What was verified: a picker found by seed (with the participant behind the username), or an uploaded file. */
export type VerificationSubject =
  | { kind: "seed"; seed: string; username: string; participant: Participant }
  | { kind: "file"; fileName: string };

const winnersShownAtFirst = 10;

function CopyValue({ value, testId }: { value: string; testId?: string }) {
  const { t } = useTranslation("simulator");
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Text className={classes.hash} data-testid={testId}>
        {value}
      </Text>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t("report.copied") : t("report.copy")} withArrow>
            <Button
              variant="subtle"
              size="compact-xs"
              onClick={copy}
              aria-label={t("report.copy")}
              px={4}
              style={{ flexShrink: 0 }}
            >
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </Button>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function DetailRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

function UserCheck({ report, subject }: { report: Report; subject: VerificationSubject }) {
  const { t } = useTranslation("simulator");
  const name = subject.kind === "seed" ? `@${subject.participant.username}` : report.user?.userId;
  const title = name ? t("report.user.title", { name }) : t("report.user.titleNone");
  if (report.user) {
    const user = report.user;
    const serverRank = subject.kind === "seed" ? subject.participant.rank : null;
    return (
      <CheckCard
        testId="check-user"
        title={title}
        outcome={user.won ? "pass" : "neutral"}
        badge={user.won ? t("report.user.won") : t("report.user.notWon")}
      >
        <Group gap="xl" wrap="wrap">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t("report.user.rank")}
            </Text>
            <Text fw={800} size="xl" data-testid="user-rank">
              #{formatCount(user.rank)}
              <Text span size="sm" c="dimmed" fw={500}>
                {" "}
                / {formatCount(report.draw.entryCount)}
              </Text>
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t("report.user.score")}
            </Text>
            <Text fw={800} size="xl" data-testid="user-score">
              {user.displayScore}
            </Text>
          </Stack>
        </Group>
        {serverRank !== null && (
          <Text size="xs" c={serverRank === user.rank ? "dimmed" : "red"}>
            {serverRank === user.rank
              ? t("report.user.serverRankMatches")
              : t("report.user.serverRankDiffers", { rank: serverRank })}
          </Text>
        )}
      </CheckCard>
    );
  }
  if (report.missingUserId) {
    const reason =
      subject.kind === "seed"
        ? (subject.participant.excludedReason ?? subject.participant.blackReason)
        : null;
    return (
      <CheckCard testId="check-user" title={title} outcome="neutral" badge={t("report.user.notEntrant")}>
        <Text size="sm" c="dimmed">
          {reason ? t("report.user.excluded", { reason }) : t("report.user.notInList")}
        </Text>
      </CheckCard>
    );
  }
  return (
    <CheckCard testId="check-user" title={title} outcome="neutral" badge={t("report.user.none")}>
      <Text size="sm" c="dimmed">
        {t("report.user.askForUser")}
      </Text>
    </CheckCard>
  );
}

/** Whether the server published this recomputed winner: a check, or a red mark when it did not. */
function PublishedMark({ missing }: { missing: boolean }) {
  const { t } = useTranslation("simulator");
  const label = missing ? t("report.winners.notPublished") : t("report.winners.isPublished");
  return (
    <Tooltip label={label} withArrow>
      <ThemeIcon
        color={missing ? "red" : "jade"}
        variant={missing ? "filled" : "light"}
        size={18}
        radius="xl"
        aria-label={label}
        data-testid={missing ? "winner-not-published" : "winner-published"}
      >
        {missing ? <IconAlert size={11} /> : <IconCheck size={11} />}
      </ThemeIcon>
    </Tooltip>
  );
}

function WinnersTable({ report }: { report: Report }) {
  const { t } = useTranslation("simulator");
  const [showAll, setShowAll] = useState(false);
  const published = report.publishedWinners;
  const missing = new Set(published?.missing ?? []);
  const rows: RankedUser[] = showAll ? report.winners : report.winners.slice(0, winnersShownAtFirst);
  return (
    <Card data-testid="winners-table">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4">
            {t("report.winners.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("report.winners.count", { count: report.winners.length })}
          </Text>
        </Group>
        <Table.ScrollContainer minWidth={300}>
          <Table
            striped
            highlightOnHover
            verticalSpacing={6}
            fz={{ base: "xs", sm: "sm" }}
            style={{ whiteSpace: "nowrap" }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={84}>{t("report.winners.rank")}</Table.Th>
                <Table.Th>{t("report.winners.userId")}</Table.Th>
                <Table.Th ta="right">{t("report.winners.score")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((winner) => (
                <Table.Tr
                  key={winner.userId}
                  bg={
                    winner.userId === report.user?.userId ? "var(--mantine-primary-color-light)" : undefined
                  }
                >
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      #{winner.rank}
                      {published && <PublishedMark missing={missing.has(winner.userId)} />}
                    </Group>
                  </Table.Td>
                  <Table.Td ff="monospace">{winner.userId}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {winner.displayScore}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {published && published.unexpected.length > 0 && (
          <Text size="sm" c="red" data-testid="unexpected-winners">
            {t("report.winners.unexpected", { ids: published.unexpected.join(", ") })}
          </Text>
        )}
        {report.winners.length > winnersShownAtFirst && (
          <Group justify="center">
            <Button variant="subtle" size="xs" onClick={() => setShowAll((value) => !value)}>
              {showAll
                ? t("report.winners.showFewer")
                : t("report.winners.showAll", { count: report.winners.length })}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function SimulationCard({ report }: { report: Report }) {
  const { t } = useTranslation("simulator");
  const simulation = report.simulation;
  if (!simulation) return null;
  const expectedWins = simulation.fairChance * simulation.draws;
  return (
    <Card data-testid="simulation">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3} size="h4">
            {t("report.simulation.title", { draws: simulation.draws })}
          </Title>
          <Text size="sm" c="dimmed">
            {t("report.simulation.how")}
          </Text>
        </Stack>
        <SimpleGrid cols={3} spacing="sm">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t("report.simulation.wins")}
            </Text>
            <Text fw={800} size="xl" data-testid="simulation-wins">
              {simulation.wins} / {simulation.draws}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t("report.simulation.frequency")}
            </Text>
            <Text fw={800} size="xl" data-testid="simulation-frequency">
              {formatChance(simulation.winFrequency)}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t("report.simulation.fairChance")}
            </Text>
            <Text fw={800} size="xl" data-testid="simulation-fair-chance">
              {formatChance(simulation.fairChance)}
            </Text>
          </Stack>
        </SimpleGrid>
        <Text size="sm">
          {t("report.simulation.summary", {
            wins: simulation.wins,
            draws: simulation.draws,
            expected: expectedWins.toFixed(expectedWins < 1 ? 2 : 1),
            winnerCount: simulation.winnerCount,
            entrants: formatCount(simulation.entrants),
          })}
        </Text>
        <Stack gap={4}>
          <Text fw={700} size="sm">
            {t("chart.frequencyTitle")}
          </Text>
          <WinFrequencyChart
            ranks={simulation.ranks}
            winnerCount={simulation.winnerCount}
            fairChance={simulation.fairChance}
          />
        </Stack>
        <Stack gap={4}>
          <Text fw={700} size="sm">
            {t("chart.distributionTitle")}
          </Text>
          <Text size="xs" c="dimmed">
            {t("chart.distributionHint")}
          </Text>
          <RankDistributionChart
            ranks={simulation.ranks}
            entrants={simulation.entrants}
            winnerCount={simulation.winnerCount}
          />
        </Stack>
      </Stack>
    </Card>
  );
}

function DrawDetails({ report, subject }: { report: Report; subject: VerificationSubject }) {
  const { t } = useTranslation("simulator");
  const { draw } = report;
  return (
    <Card data-testid="draw-details">
      <Stack gap="md">
        <Title order={3} size="h4">
          {t("report.details.title")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <DetailRow label={t("report.details.source")}>
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {subject.kind === "seed"
                ? t("report.details.sourceSeed", { seed: subject.seed })
                : t("report.details.sourceFile", { name: subject.fileName })}
            </Text>
          </DetailRow>
          <DetailRow label={t("report.details.post")}>
            <Anchor
              href={`https://x.com/i/status/${encodeURIComponent(draw.postId)}`}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              ff="monospace"
            >
              {draw.postId}
            </Anchor>
          </DetailRow>
          <DetailRow label={t("report.details.block")}>
            <Text size="sm" ff="monospace">
              {draw.blockNumber}
            </Text>
          </DetailRow>
          <DetailRow label={t("report.details.entriesAndWinners")}>
            <Text size="sm">
              {t("report.details.entriesAndWinnersValue", {
                entries: formatCount(draw.entryCount),
                winners: formatCount(draw.winnerCount),
              })}
            </Text>
          </DetailRow>
          <DetailRow label={t("report.details.blockHash")}>
            <CopyValue value={draw.blockHash} testId="block-hash" />
          </DetailRow>
          <DetailRow label={t("report.details.commitment")}>
            <CopyValue value={draw.commitment} />
          </DetailRow>
          <DetailRow label={t("report.details.algorithm")}>
            <Text size="sm" ff="monospace">
              {draw.algorithm}
            </Text>
          </DetailRow>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** Whether the target block came after the commitment: above the chain head read when the list was committed. */
function TimingCheck({ report }: { report: Report }) {
  const { t } = useTranslation("simulator");
  const { draw, timing } = report;
  const values = { block: draw.blockNumber, head: draw.headAtCommit, time: draw.committedAt ?? "" };
  const outcome = timing.targetAfterHead === null ? "neutral" : timing.targetAfterHead ? "pass" : "fail";
  return (
    <CheckCard
      testId="check-timing"
      title={t("report.timing.title")}
      outcome={outcome}
      badge={
        outcome === "neutral"
          ? t("report.timing.unknown")
          : outcome === "pass"
            ? t("report.timing.after")
            : t("report.timing.notAfter")
      }
    >
      <Text size="sm" c="dimmed">
        {outcome === "neutral"
          ? t("report.timing.unknownDescription")
          : outcome === "pass"
            ? t("report.timing.pass", values)
            : t("report.timing.fail", values)}
      </Text>
      {outcome !== "neutral" && (
        <Text size="xs" c="dimmed">
          {t("report.timing.blockTime")}
        </Text>
      )}
    </CheckCard>
  );
}

/** Whether the file is the draw the picker's public history published when it was committed. */
function HistoryCheck({ report }: { report: Report }) {
  const { t } = useTranslation("simulator");
  const { history } = report;
  if (history === null) {
    return (
      <CheckCard
        testId="check-history"
        title={t("report.history.title")}
        outcome="neutral"
        badge={t("report.history.none")}
      >
        <Text size="sm" c="dimmed">
          {t("report.history.noneDescription")}
        </Text>
      </CheckCard>
    );
  }
  const matches = history.check?.matches === true;
  const fields = (history.check?.mismatches ?? [])
    .map((mismatch) => `${mismatch.field} (${mismatch.file} ≠ ${mismatch.published})`)
    .join("; ");
  return (
    <CheckCard
      testId="check-history"
      title={t("report.history.title")}
      outcome={matches ? "pass" : "fail"}
      badge={matches ? t("report.matches") : t("report.differs")}
    >
      <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {history.check === null
          ? t("report.history.missing", { count: history.count })
          : matches
            ? t("report.history.pass", { count: history.count })
            : t("report.history.fail", { count: history.count, fields })}
      </Text>
    </CheckCard>
  );
}

/** The verification's outcome: the checks, the simulation with its charts, the winners and the draw's data. */
export function VerificationReport({ report, subject }: { report: Report; subject: VerificationSubject }) {
  const { t } = useTranslation("simulator");
  const published = report.publishedWinners;
  return (
    <Stack gap="md" data-testid="verification-report">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        <CheckCard
          testId="check-commitment"
          title={t("report.commitment.title")}
          outcome={report.commitmentMatches ? "pass" : "fail"}
          badge={report.commitmentMatches ? t("report.matches") : t("report.differs")}
        >
          <Text size="sm" c="dimmed">
            {report.commitmentMatches ? t("report.commitment.pass") : t("report.commitment.fail")}
          </Text>
          {!report.commitmentMatches && (
            <Text
              size="xs"
              c="red"
              ff="monospace"
              style={{ overflowWrap: "anywhere" }}
              data-testid="commitment-detail"
            >
              {t("report.commitment.failDetail", {
                published: report.draw.commitment,
                computed: report.computedCommitment,
              })}
            </Text>
          )}
        </CheckCard>
        <TimingCheck report={report} />
        <HistoryCheck report={report} />
        <CheckCard
          testId="check-winners"
          title={t("report.published.title")}
          outcome={published === null ? "neutral" : published.matches ? "pass" : "fail"}
          badge={
            published === null
              ? t("report.published.none")
              : published.matches
                ? t("report.matches")
                : t("report.differs")
          }
        >
          <Text size="sm" c="dimmed">
            {published === null
              ? t("report.published.noneDescription")
              : published.matches
                ? t("report.published.pass", { count: report.winners.length })
                : t("report.published.fail", {
                    missing: published.missing.length,
                    unexpected: published.unexpected.length,
                  })}
          </Text>
        </CheckCard>
        <UserCheck report={report} subject={subject} />
      </SimpleGrid>
      <SimulationCard report={report} />
      <WinnersTable report={report} />
      <DrawDetails report={report} subject={subject} />
    </Stack>
  );
}
