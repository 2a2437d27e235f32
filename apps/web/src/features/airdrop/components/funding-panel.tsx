import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { Button, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ChainRecord } from "../../../shared/api/get-platform-config";
import { type TransactionStep, TransactionSteps } from "../../../shared/ui/transaction-steps";
import { formatBaseUnits, formatExactBaseUnits, tokensPerShare, withSymbol } from "../model/amounts";
import type { FieldMessage, WizardDraft } from "../model/wizard-form";
import { FieldMessageText } from "./field-error";
import { FundingSummary } from "./funding-summary";

export type FundingPanelProps = {
  draft: WizardDraft;
  detail: AirdropDetail;
  /** The token's symbol as typed or read from chain. */
  symbol: string | null;
  /** How many NFTs the airdrop pays out in all. */
  nftTotal: number;
  depositError: FieldMessage | undefined;
  onDeposit: () => void;
  depositing: boolean;
  steps: readonly TransactionStep[];
  chain: ChainRecord | undefined;
};

/** What funds the reward on chain: the figures, the wallet steps, and the deposit (or NFT registration) button. */
export function FundingPanel({
  draft,
  detail,
  symbol,
  nftTotal,
  depositError,
  onDeposit,
  depositing,
  steps,
  chain,
}: FundingPanelProps) {
  const { t } = useTranslation(["airdrop", "validation"]);
  const isToken = draft.rewardType === "token";
  const isNft = draft.rewardType === "nft";
  const divisor = draft.mode === "fcfs" ? Number(draft.shares || "0") : detail.totalWeight;
  const perShare = isToken ? tokensPerShare(draft.totalAmount, divisor) : "";
  const decimals = detail.tokenDecimals;
  const required = detail.requiredDeposit;
  const depositedText = withSymbol(formatBaseUnits(detail.deposited, decimals ?? 0), detail.tokenSymbol);
  const requiredText = required
    ? withSymbol(formatBaseUnits(required, decimals ?? 0), detail.tokenSymbol)
    : "";
  const short = required !== null && BigInt(detail.deposited) < BigInt(required);
  // Shares are whole base units, rounded down: what no share receives is not deposited, and the creator is told.
  const undistributed = isToken && detail.undistributed ? BigInt(detail.undistributed) : 0n;
  const nftsRegistered = isNft && required !== null && !short;

  return (
    <Card withBorder padding="md" radius="md" data-testid="funding-panel">
      <Stack gap="sm">
        {isToken ? (
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <FundingSummary
              label={t(draft.mode === "fcfs" ? "funding.perShare" : "funding.perWeight")}
              value={withSymbol(perShare, symbol)}
              testId="tokens-per-share"
            />
            <FundingSummary
              label={t("funding.required")}
              value={requiredText || t("funding.notPrepared")}
              testId="required-deposit"
            />
            <FundingSummary label={t("funding.deposited")} value={depositedText} testId="deposited" />
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
            <FundingSummary label={t("nft.needed")} value={String(nftTotal)} testId="required-deposit" />
            <FundingSummary label={t("nft.registered")} value={detail.deposited} testId="deposited" />
            <FundingSummary
              label={t("nft.collection")}
              value={detail.tokenSymbol ?? ""}
              testId="nft-symbol"
            />
          </SimpleGrid>
        )}
        {undistributed > 0n && (
          <Text size="sm" data-testid="undistributed">
            {t("funding.undistributed", {
              deposit: withSymbol(formatExactBaseUnits(required ?? "0", decimals ?? 0), detail.tokenSymbol),
              amount: withSymbol(formatExactBaseUnits(undistributed, decimals ?? 0), detail.tokenSymbol),
            })}
          </Text>
        )}
        {chain && (
          <Text size="xs" c="dimmed">
            {t(isNft ? "nft.network" : "funding.network", { name: chain.name })}
          </Text>
        )}
        {steps.length > 0 && (
          <TransactionSteps
            steps={steps}
            chain={chain}
            transactionLabel={(hash) => t("steps.transaction", { hash })}
          />
        )}
        <FieldMessageText message={depositError} testId="deposit-required" />
        <Group justify="flex-end">
          <Button
            onClick={onDeposit}
            loading={depositing}
            disabled={required !== null && !short}
            data-testid="deposit-button"
          >
            {isNft
              ? t(nftsRegistered ? "nft.registeredAll" : "nft.register")
              : required !== null && !short
                ? t("funding.funded")
                : t("funding.deposit")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
