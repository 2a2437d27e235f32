import type { WheelGameDetail } from "@dropfair/schemas/wheel";
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { saveFile } from "../../../shared/lib/download";
import { getGameFile } from "../api/player";
import { useReportWheelError } from "../hooks/use-wheel-error";
import { useWheelVerifier } from "../hooks/use-wheel-verifier";

/** The name the game file is saved under (the CLI example uses the same). */
export function gameFileName(gameId: number) {
  return `game-${gameId}.json`;
}

/**
 * "Verify this game": the game file for download at any time, and once the salt is published, every spin
 * recomputed in a Web Worker with `@dropfair/core/wheel`, each shown as a match or a mismatch.
 */
export function VerifyPanel({ game }: { game: WheelGameDetail }) {
  const { t } = useTranslation("wheel");
  const report = useReportWheelError();
  const verifier = useWheelVerifier();
  const [loading, setLoading] = useState<"download" | "verify">();
  const revealed = game.salt !== null;
  const state = verifier.state;

  async function download() {
    setLoading("download");
    try {
      const answer = await getGameFile(game.id);
      const json = `${JSON.stringify(answer.file, null, 2)}\n`;
      saveFile(new Blob([json], { type: "application/json" }), gameFileName(game.id));
    } catch (error) {
      report(error);
    } finally {
      setLoading(undefined);
    }
  }

  async function verify() {
    setLoading("verify");
    try {
      const answer = await getGameFile(game.id);
      verifier.run(answer.file);
    } catch (error) {
      report(error);
    } finally {
      setLoading(undefined);
    }
  }

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="verify-panel">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t("verify.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {revealed ? t("verify.intro") : t("verify.notYet")}
        </Text>
        <Group gap="sm">
          <Button
            variant="default"
            onClick={() => void download()}
            loading={loading === "download"}
            data-testid="verify-download"
          >
            {t("verify.download")}
          </Button>
          {revealed && (
            <Button
              onClick={() => void verify()}
              loading={loading === "verify" || state.status === "running"}
              data-testid="verify-run"
            >
              {t("verify.run")}
            </Button>
          )}
        </Group>
        {state.status === "running" && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t("verify.running", { count: state.count })}</Text>
          </Group>
        )}
        {state.status === "failed" && (
          <Alert color="red" variant="light" data-testid="verify-failed">
            {t("verify.failed", { reason: state.message })}
          </Alert>
        )}
        {state.status === "done" && (
          <Stack gap="xs" data-testid="verify-result" data-verified={state.report.verified}>
            <Alert
              color={state.report.saltMatches ? "jade" : "red"}
              variant="light"
              data-testid="verify-salt"
            >
              {state.report.saltMatches ? t("verify.saltMatches") : t("verify.saltMismatch")}
            </Alert>
            <Alert
              color={state.report.mismatches === 0 ? "jade" : "red"}
              variant="light"
              data-testid="verify-summary"
            >
              {state.report.spins.length === 0
                ? t("verify.noSpins")
                : state.report.mismatches === 0
                  ? t("verify.allMatch", { count: state.report.spins.length })
                  : t("verify.mismatches", {
                      count: state.report.mismatches,
                      total: state.report.spins.length,
                    })}
            </Alert>
            {state.report.spins.length > 0 && (
              <ScrollArea.Autosize mah={320}>
                <Table verticalSpacing={4} horizontalSpacing="xs" fz="xs" data-testid="verify-spins">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("draws.nonce")}</Table.Th>
                      <Table.Th ta="right">{t("draws.position")}</Table.Th>
                      <Table.Th>{t("draws.reward")}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {state.report.spins.map((spin) => (
                      <Table.Tr key={spin.nonce} data-testid="verify-spin" data-matches={spin.matches}>
                        <Table.Td ff="monospace">{spin.nonce}</Table.Td>
                        <Table.Td ff="monospace" ta="right">
                          {spin.position ?? "—"}
                        </Table.Td>
                        <Table.Td ff="monospace">{spin.prizeId ?? "—"}</Table.Td>
                        <Table.Td ta="right">
                          <Badge size="sm" color={spin.matches ? "jade" : "red"} variant="light">
                            {spin.matches ? t("verify.match") : t("verify.mismatch")}
                          </Badge>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
          </Stack>
        )}
        <Code block fz="xs" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {t("verify.cli", { id: game.id })}
        </Code>
      </Stack>
    </Card>
  );
}
