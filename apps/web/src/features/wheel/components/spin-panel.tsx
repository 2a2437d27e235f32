import { shortAddress } from "@dropfair/core/address";
import type { WheelGameDetail, WheelSpin } from "@dropfair/schemas/wheel";
import { wheelStatuses } from "@dropfair/schemas/wheel";
import { Alert, Button, Card, Stack, Stepper, Text, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { IconWallet } from "../../../shared/ui/icons";
import { TransactionSteps } from "../../../shared/ui/transaction-steps";
import { useWheelTickets } from "../api/player";
import { usePrizeText } from "../hooks/use-prize-text";
import { useSpin } from "../hooks/use-spin";
import { useReportWheelError } from "../hooks/use-wheel-error";
import { viewerKey, type WheelViewer } from "../model/integrations";
import { landingRotation, lotteryStages, stageStep, statusKey } from "../model/wheel-display";
import { WheelGraphic } from "./wheel-graphic";

/** How long the wheel turns before it settles on the recorded prize. */
export const spinAnimationMs = 4200;

/** The lottery stages of a spin: drawing → dispatching (awaiting reward sending) → completed. */
function LotteryStages({ spin }: { spin: WheelSpin }) {
  const { t } = useTranslation("wheel");
  const step = stageStep(spin.stage);
  const finished = spin.stage === "completed";
  return (
    <Stack gap={6} data-testid="spin-stages" data-stage={spin.stage}>
      <Text size="sm" fw={600}>
        {t("spin.stagesTitle")}
      </Text>
      <Stepper
        active={finished ? lotteryStages.length : step}
        size="xs"
        orientation="horizontal"
        allowNextStepsSelect={false}
      >
        {lotteryStages.map((stage) => (
          <Stepper.Step key={stage} label={t(`spin.stages.${stage}`)} data-testid={`spin-stage-${stage}`} />
        ))}
      </Stepper>
    </Stack>
  );
}

/**
 * The wheel with the player's Spin: the ticket balance, the wallet steps, the lottery stages, and the prize once
 * the server has recorded the spin. The wheel turns only then and lands on that prize.
 */
export function SpinPanel({
  game,
  viewer,
  animationMs = spinAnimationMs,
}: {
  game: WheelGameDetail;
  viewer: WheelViewer;
  animationMs?: number;
}) {
  const { t } = useTranslation("wheel");
  const { data: config } = usePlatformConfig();
  const text = usePrizeText();
  const report = useReportWheelError();
  const tickets = useWheelTickets(game.id, viewerKey(viewer));
  const spinner = useSpin(game.id, game.chainId, viewer.walletAddress);
  const [rotation, setRotation] = useState(0);
  const [settled, setSettled] = useState<WheelSpin>();
  const landed = useRef<number>(undefined);
  const chain = config?.chains.find((candidate) => candidate.id === game.chainId);
  const running = game.status === wheelStatuses.running;
  const balance = tickets.data?.balance ?? 0;
  // A voucher given out but never sent (the wallet was closed) holds its ticket: Spin resumes it.
  const canSpin = balance >= 1 || tickets.data?.openVoucher === true;
  const busy = spinner.phase === "running";

  // Once recorded, turn the wheel onto the recorded prize, then show it. The timer is cleared only when the panel
  // goes away: the game refetched after the spin (new prize objects) must not cancel the result.
  const recorded = spinner.phase === "recorded" ? spinner.spin : undefined;
  const settleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settleTimer.current), []);
  useEffect(() => {
    if (!recorded || landed.current === recorded.spinId) return;
    landed.current = recorded.spinId;
    const index = game.prizes.findIndex((prize) => prize.id === recorded.prizeId);
    setSettled(undefined);
    if (index >= 0) setRotation((current) => landingRotation(current, index, game.prizes.length));
    clearTimeout(settleTimer.current);
    settleTimer.current = setTimeout(() => setSettled(recorded), index >= 0 ? animationMs : 0);
  }, [recorded, game.prizes, animationMs]);

  async function onSpin() {
    setSettled(undefined);
    try {
      await spinner.start();
    } catch (error) {
      report(error);
    }
  }

  const wonPrize = settled ? game.prizes.find((prize) => prize.id === settled.prizeId) : undefined;

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="spin-panel">
      <Stack gap="md">
        <Title order={2} fz="h3">
          {t("spin.title")}
        </Title>
        <WheelGraphic
          prizes={game.prizes}
          labels={game.prizes.map((prize) => text.slice(prize))}
          rotation={rotation}
          durationMs={animationMs}
          highlight={settled?.prizeId ?? undefined}
        />
        {settled && (
          <Alert
            color={wonPrize && wonPrize.kind !== "nothing" ? "jade" : "gray"}
            variant="light"
            data-testid="spin-result"
            data-prize-id={settled.prizeId ?? ""}
          >
            {wonPrize === undefined
              ? t("spin.resultSoldOut")
              : wonPrize.kind === "nothing"
                ? t("spin.resultNothing")
                : t("spin.result", { prize: text.prize(wonPrize) })}
          </Alert>
        )}
        {spinner.phase === "pending" && (
          <Alert color="blue" variant="light" data-testid="spin-pending">
            {t("spin.pending")}
          </Alert>
        )}
        {spinner.spin && spinner.spin.stage !== "issued" && <LotteryStages spin={spinner.spin} />}
        {/* A game that cannot be spun says why, signed in or not: signing in would not open it. */}
        {!running ? (
          <Text c="dimmed" ta="center" data-testid="spin-closed">
            {t(`spin.closed.${statusKey(game.status)}`, { defaultValue: t("spin.closed.error") })}
          </Text>
        ) : !viewer.walletAddress ? (
          <Stack gap="xs" align="center">
            <Text c="dimmed" ta="center">
              {t("spin.signIn")}
            </Text>
            <Button onClick={viewer.login} disabled={!viewer.canLogin} leftSection={<IconWallet size={16} />}>
              {t("signIn")}
            </Button>
          </Stack>
        ) : (
          <Stack gap="xs">
            <Text ta="center" fw={600} data-testid="spin-tickets">
              {t("spin.tickets", { count: balance })}
            </Text>
            <Button
              size="lg"
              onClick={() => void onSpin()}
              loading={busy}
              disabled={busy || !canSpin || tickets.isPending}
              data-testid="spin-button"
            >
              {settled ? t("spin.again") : t("spin.button")}
            </Button>
            {!canSpin && !busy && !tickets.isPending && (
              <Text size="sm" c="dimmed" ta="center" data-testid="spin-no-ticket">
                {t("spin.noTicket")}
              </Text>
            )}
          </Stack>
        )}
        {spinner.steps.length > 0 && (busy || spinner.phase === "failed") && (
          <TransactionSteps
            steps={spinner.steps}
            chain={chain}
            transactionLabel={(hash) => t("spin.transaction", { hash })}
          />
        )}
        {settled?.txHash && (
          <Text size="xs" c="dimmed" ta="center" ff="monospace">
            {t("spin.transaction", { hash: shortAddress(settled.txHash) || settled.txHash })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
