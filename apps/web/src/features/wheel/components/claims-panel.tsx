import { formatDateTime } from "@dropfair/core/date";
import type { WheelGameDetail } from "@dropfair/schemas/wheel";
import { Badge, Button, Card, Group, Loader, Modal, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { TransactionSteps } from "../../../shared/ui/transaction-steps";
import { useWheelClaims } from "../api/player";
import { useClaimPrize } from "../hooks/use-claim-prize";
import { usePrizeText } from "../hooks/use-prize-text";
import { useReportWheelError } from "../hooks/use-wheel-error";
import { viewerKey, type WheelViewer } from "../model/integrations";
import { ChainName } from "./chain-name";

const stateColors = { claimable: "jade", claiming: "blue", claimed: "gray", credited: "gray" } as const;

/**
 * The signed-in wallet's wins per prize (reward, count, total, chain, claim end, claim time) and Claim for a token
 * or NFT prize through the distributor's voucher; EP prizes read "credited" (they were added at the spin).
 */
export function ClaimsPanel({ game, viewer }: { game: WheelGameDetail; viewer: WheelViewer }) {
  const { t } = useTranslation(["wheel", "validation"]);
  const { data: config } = usePlatformConfig();
  const text = usePrizeText();
  const report = useReportWheelError();
  const claims = useWheelClaims(game.id, viewerKey(viewer));
  const claimer = useClaimPrize(game.id, viewer.walletAddress);
  const [open, setOpen] = useState<string>();
  const prizeOf = (prizeId: string) => game.prizes.find((prize) => prize.id === prizeId);
  const openPrize = open ? prizeOf(open) : undefined;

  async function onClaim(prizeId: string, chainId: number) {
    setOpen(prizeId);
    try {
      await claimer.claim(prizeId, chainId);
    } catch (error) {
      report(error);
    }
  }

  const rows = claims.data?.rows ?? [];
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="claims-panel">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t("claims.title")}
        </Title>
        {!viewer.walletAddress ? (
          <Text c="dimmed">{t("claims.signIn")}</Text>
        ) : claims.isPending ? (
          <Loader size="sm" />
        ) : claims.isError ? (
          <Text c="red">{claims.error.message}</Text>
        ) : rows.length === 0 ? (
          <Text c="dimmed" data-testid="claims-empty">
            {t("validation:validation.claim.nothingToClaim")}
          </Text>
        ) : (
          <Stack gap="xs">
            {rows.map((row) => {
              const prize = prizeOf(row.prizeId);
              return (
                <Card
                  key={row.prizeId}
                  withBorder
                  padding="sm"
                  data-testid={`claim-${row.prizeId}`}
                  data-state={row.state}
                >
                  <Stack gap={6}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
                        {prize ? text.prize(prize) : row.prizeId}
                      </Text>
                      <Badge color={stateColors[row.state]} variant="light" data-testid="claim-state">
                        {t(`claims.states.${row.state}`)}
                      </Badge>
                    </Group>
                    <Table verticalSpacing={2} horizontalSpacing="xs" fz="xs" withRowBorders={false}>
                      <Table.Tbody>
                        <Table.Tr>
                          <Table.Td c="dimmed">{t("claims.count")}</Table.Td>
                          <Table.Td>{text.count(row.count)}</Table.Td>
                          <Table.Td c="dimmed">{t("claims.total")}</Table.Td>
                          <Table.Td data-testid="claim-total">
                            {prize ? text.total(prize, row.total) : row.total}
                          </Table.Td>
                        </Table.Tr>
                        <Table.Tr>
                          <Table.Td c="dimmed">{t("claims.chain")}</Table.Td>
                          <Table.Td colSpan={3}>
                            <ChainName chainId={row.chainId} />
                          </Table.Td>
                        </Table.Tr>
                        <Table.Tr>
                          <Table.Td c="dimmed">{t("claims.endTime")}</Table.Td>
                          <Table.Td>{row.endTime ? formatDateTime(row.endTime) : "—"}</Table.Td>
                          <Table.Td c="dimmed">{t("claims.claimTime")}</Table.Td>
                          <Table.Td>{row.claimTime ? formatDateTime(row.claimTime) : "—"}</Table.Td>
                        </Table.Tr>
                      </Table.Tbody>
                    </Table>
                    {(row.state === "claimable" || row.state === "claiming") && (
                      <Button
                        size="xs"
                        onClick={() => void onClaim(row.prizeId, row.chainId)}
                        loading={claimer.running && open === row.prizeId}
                        disabled={claimer.running}
                        data-testid="claim-button"
                        style={{ alignSelf: "flex-end" }}
                      >
                        {t("claims.claim")}
                      </Button>
                    )}
                  </Stack>
                </Card>
              );
            })}
          </Stack>
        )}
      </Stack>
      <Modal
        opened={open !== undefined}
        onClose={() => {
          if (claimer.running) return;
          setOpen(undefined);
          claimer.reset();
        }}
        title={t("claims.dialogTitle", { prize: openPrize ? text.prize(openPrize) : "" })}
        data-testid="claim-dialog"
      >
        <Stack gap="md">
          <TransactionSteps
            steps={claimer.steps}
            chain={config?.chains.find((chain) => chain.id === game.chainId)}
            transactionLabel={(hash) => t("spin.transaction", { hash })}
          />
          {claimer.done && (
            <Text c="jade" fw={600} data-testid="claim-done">
              {t("claims.done")}
            </Text>
          )}
          {!claimer.running && (
            <Button
              variant="default"
              onClick={() => {
                setOpen(undefined);
                claimer.reset();
              }}
              data-testid="claim-dialog-close"
            >
              {t("claims.close")}
            </Button>
          )}
        </Stack>
      </Modal>
    </Card>
  );
}
