import { shortAddress } from "@dropfair/core/address";
import { formatAmount } from "@dropfair/core/format";
import { pickerStatus } from "@dropfair/core/picker";
import type { PickerDetail } from "@dropfair/schemas/picker";
import {
  Alert,
  Badge,
  Center,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Address, getAddress, isAddress } from "viem";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { TransactionDialog } from "../../../shared/ui/transaction-dialog";
import { usePaymentPicker } from "../api/get-payment-picker";
import { usePayoutWinners } from "../api/get-payout-winners";
import { usePaymentErrorText } from "../hooks/use-payment-error-text";
import type { PayoutWinner } from "../model/payout-plan";
import { BatchPayoutForm } from "./batch-payout-form";
import { ExternalPaymentForm } from "./external-payment-form";

export type PayDialogProps = {
  opened: boolean;
  onClose: () => void;
  pickerId: number;
  /** Called once the API has recorded the payment. */
  onPaid: () => void;
  /** The picker, when the page has it already; otherwise it is fetched. */
  picker?: PickerDetail | undefined;
  /** The confirmed winners with their EVM addresses, when the page has them; otherwise they are fetched. */
  winners?: readonly PayoutWinner[] | undefined;
  /**
   * Our BatchPayout contract per chain id. Batch payment is offered on these chains; without any, only an
   * external payment can be recorded.
   */
  batchPayout?: Readonly<Record<number, string>> | undefined;
};

type Mode = "batch" | "external";

function WinnerList({ winners }: { winners: readonly PayoutWinner[] }) {
  return (
    <ScrollArea.Autosize mah={132} type="auto" offsetScrollbars>
      <Stack gap={4} data-testid="pay-winners">
        {winners.map((winner) => (
          <Group key={winner.xUserId} justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" truncate>
              @{winner.username}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace" style={{ flexShrink: 0 }}>
              {isAddress(winner.address, { strict: false })
                ? shortAddress(getAddress(winner.address))
                : winner.address}
            </Text>
          </Group>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

function PayDialogBody({
  pickerId,
  picker: givenPicker,
  winners: givenWinners,
  batchPayout,
  onPaid,
  onClose,
}: Omit<PayDialogProps, "opened">) {
  const { t } = useTranslation("picker-payments");
  const errorText = usePaymentErrorText();
  const config = usePlatformConfig();
  const fetchedPicker = usePaymentPicker(pickerId, givenPicker === undefined);
  const fetchedWinners = usePayoutWinners(pickerId, givenWinners === undefined);
  const picker = givenPicker ?? fetchedPicker.data;
  const winners = givenWinners ?? fetchedWinners.data;
  const failed = fetchedPicker.error ?? fetchedWinners.error;
  const [mode, setMode] = useState<Mode | undefined>();

  if (failed && (!picker || !winners)) {
    return (
      <Alert color="red" variant="light">
        {errorText(failed) ?? t("errors.load")}
      </Alert>
    );
  }
  if (!picker || !winners || !config.data) {
    return (
      <Center py="xl">
        <Loader type="dots" />
      </Center>
    );
  }

  const batchChains = config.data.chains.flatMap((chain) => {
    const address = batchPayout?.[chain.id];
    return address && isAddress(address, { strict: false })
      ? [{ chain, batchPayout: getAddress(address) as Address }]
      : [];
  });
  const batchAvailable = picker.infoType === "evm" && batchChains.length > 0;
  const active: Mode = mode ?? (batchAvailable ? "batch" : "external");

  return (
    <Stack gap="md">
      {picker.status !== pickerStatus.paying && (
        <Alert color="orange" variant="light" data-testid="pay-not-paying">
          {t("notPaying")}
        </Alert>
      )}
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={700} size="sm">
            {t("winners.title")}
          </Text>
          <Badge variant="light">
            {t("winners.count", { count: winners.length, total: picker.winnerCount })}
          </Badge>
        </Group>
        {winners.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("winners.none")}
          </Text>
        ) : (
          <WinnerList winners={winners} />
        )}
        {(picker.rewardAmount || picker.rewardText) && (
          <Text size="xs" c="dimmed">
            {t("winners.reward", {
              // The API sends the amount at its stored scale ("12.2500000000"): shown as the picker pages show it.
              reward: [picker.rewardAmount ? formatAmount(picker.rewardAmount) : "", picker.rewardText]
                .filter(Boolean)
                .join(" "),
            })}
          </Text>
        )}
      </Stack>
      <SegmentedControl
        fullWidth
        value={active}
        onChange={(value) => setMode(value === "external" ? "external" : "batch")}
        data={[
          { value: "batch", label: t("modes.batch"), disabled: !batchAvailable },
          { value: "external", label: t("modes.external") },
        ]}
        data-testid="pay-mode"
      />
      {!batchAvailable && (
        <Text size="xs" c="dimmed">
          {picker.infoType === "evm" ? t("batchUnavailable") : t("batchNeedsEvm")}
        </Text>
      )}
      {active === "batch" && batchAvailable ? (
        <BatchPayoutForm
          picker={picker}
          winners={winners}
          config={config.data}
          batchChains={batchChains}
          onPaid={onPaid}
          onClose={onClose}
        />
      ) : (
        <ExternalPaymentForm
          pickerId={picker.id}
          chains={config.data.chains}
          defaultChainId={batchChains[0]?.chain.id ?? config.data.defaultChainId}
          onPaid={onPaid}
        />
      )}
    </Stack>
  );
}

/**
 * Pay the giveaway's winners (picker status 'paying'): all confirmed winners in one BatchPayout transaction, or
 * record a payment made elsewhere. Fits the picker pages' pay slot (opened, onClose, pickerId, onPaid).
 */
export function PayDialog({ opened, onClose, ...props }: PayDialogProps) {
  const { t } = useTranslation("picker-payments");
  return (
    <TransactionDialog opened={opened} onClose={onClose} title={t("title")} testId="pay-dialog">
      <PayDialogBody onClose={onClose} {...props} />
    </TransactionDialog>
  );
}
