import { formatDateTime } from "@dropfair/core/date";
import type { WheelGameDetail } from "@dropfair/schemas/wheel";
import {
  ActionIcon,
  Alert,
  Card,
  CopyButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { IconCheck, IconCopy } from "../../../shared/ui/icons";
import { errorReasonWording } from "../model/wheel-display";
import { ChainName } from "./chain-name";
import { WheelStatusBadge } from "./status-badge";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** A hash in full (it wraps), with a copy button. */
function HashValue({ value, testId }: { value: string; testId: string }) {
  const { t } = useTranslation("wheel");
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Text ff="monospace" fz="xs" style={{ overflowWrap: "anywhere", minWidth: 0 }} data-testid={testId}>
        {value}
      </Text>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t("game.copied") : t("game.copy")} withArrow>
            <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label={t("game.copy")}>
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** The game's title, status, times and chain, and its commitment: the salt hash from the start, the salt at the end. */
export function GameHeader({ game, children }: { game: WheelGameDetail; children?: React.ReactNode }) {
  const { t } = useTranslation("wheel");
  return (
    <Stack gap="md">
      {children}
      <Group gap="sm" align="center" wrap="wrap">
        <Title
          order={1}
          fz={{ base: 24, sm: 32 }}
          style={{ overflowWrap: "anywhere" }}
          data-testid="game-title"
        >
          {game.title}
        </Title>
        <WheelStatusBadge status={game.status} size="lg" />
      </Group>
      {game.description && (
        <Text c="dimmed" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {game.description}
        </Text>
      )}
      {game.errorReason && (
        <Alert color="red" variant="light" data-testid="game-error-reason">
          {(() => {
            const { key, values } = errorReasonWording(game.errorReason, game.prizes);
            return t(key, values);
          })()}
        </Alert>
      )}
      <Card withBorder radius="lg" padding="md">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="sm">
            <Field label={t("game.start")}>
              <Text size="sm">{formatDateTime(game.startAt)}</Text>
            </Field>
            <Field label={t("game.end")}>
              <Text size="sm">{formatDateTime(game.endAt)}</Text>
            </Field>
            <Field label={t("game.chain")}>
              <ChainName chainId={game.chainId} />
            </Field>
            <Field label={t("game.spins")}>
              <Text size="sm" data-testid="game-spin-count">
                {game.spinCount}
              </Text>
            </Field>
          </SimpleGrid>
          <Field label={t("game.saltHash")}>
            <HashValue value={game.saltHash} testId="game-salt-hash" />
            <Text size="xs" c="dimmed">
              {t("game.saltHashHelp")}
            </Text>
          </Field>
          <Field label={t("game.salt")}>
            {game.salt ? (
              <HashValue value={game.salt} testId="game-salt" />
            ) : (
              <Text size="xs" c="dimmed" data-testid="game-salt-hidden">
                {t("game.saltHidden")}
              </Text>
            )}
          </Field>
        </Stack>
      </Card>
    </Stack>
  );
}
