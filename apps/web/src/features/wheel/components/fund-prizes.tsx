import type { WheelGameDetail, WheelPrize } from "@dropfair/schemas/wheel";
import { Alert, Button, Card, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { nameTokenIds } from "../../../shared/lib/token-ids";
import { TransactionSteps } from "../../../shared/ui/transaction-steps";
import { isUserRejection } from "../../../shared/wallet/eip1193";
import { useFundNftPrize } from "../hooks/use-fund-nft-prize";
import { useFundPrize } from "../hooks/use-fund-prize";
import { usePrizeText } from "../hooks/use-prize-text";
import { useWheelErrorText } from "../hooks/use-wheel-error";
import { FundingStoppedError, NftDepositShortError, NftNotOwnedError } from "../model/errors";
import { canFund, nftsNeeded } from "../model/funding";
import type { WheelViewer } from "../model/integrations";
import { FundNftStep } from "./fund-nft-form";

/**
 * The creator's funding of token and NFT prizes before the start: each prize not funded yet, with Fund. A token
 * prize: approve, open and fund the distributor campaign, name it to the API. An NFT prize: the ids to pay out
 * first, then approve the collection, open the campaign (named to the API at once), move the NFTs in, name it
 * again. An NFT prize whose funding stopped half-way reads Continue: its dialog shows what the campaign already
 * holds (read on chain) and asks only for the rest. Shown only to whoever manages the game; a failure is said in
 * the dialog, beside the step that failed.
 */
export function FundPrizes({ game, viewer }: { game: WheelGameDetail; viewer: WheelViewer }) {
  const { t } = useTranslation("wheel");
  const { data: config } = usePlatformConfig();
  const text = usePrizeText();
  const errorText = useWheelErrorText();
  const tokenFunder = useFundPrize(game, viewer.walletAddress);
  const nftFunder = useFundNftPrize(game, viewer.walletAddress);
  const [open, setOpen] = useState<WheelPrize>();
  const [failure, setFailure] = useState<string>();
  // The ids of the last NFT attempt: those that did not get in are offered again.
  const [tried, setTried] = useState<readonly bigint[]>([]);
  const unfunded = game.prizes.filter((prize) => canFund(game, prize));
  if (unfunded.length === 0 && open === undefined) return null;
  const funder = open?.kind === "nft" ? nftFunder : tokenFunder;

  async function run(action: () => Promise<void>) {
    setFailure(undefined);
    try {
      await action();
    } catch (error) {
      // A rejection in the wallet is said too, so the creator knows what was sent (nothing, or what stays in).
      if (error instanceof FundingStoppedError) setFailure(t("funding.nft.stopped"));
      else if (isUserRejection(error)) setFailure(t("errors.rejected"));
      else if (error instanceof NftNotOwnedError)
        setFailure(t("funding.nft.notOwned", { ids: nameTokenIds(error.tokenIds) }));
      else if (error instanceof NftDepositShortError) setFailure(t("funding.nft.short"));
      else setFailure(errorText(error) ?? t("errors.unexpected"));
    }
  }

  function onFund(prize: WheelPrize) {
    setOpen(prize);
    setFailure(undefined);
    setTried([]);
    if (prize.kind === "token") void run(() => tokenFunder.fund(prize));
    // A campaign the API recorded (or this page opened) is read first: what is in it is not sent again.
    else void nftFunder.checkDeposit(prize);
  }

  function close() {
    if (funder.running) return;
    setOpen(undefined);
    setFailure(undefined);
    tokenFunder.reset();
    nftFunder.reset();
  }

  const rowText = (prize: WheelPrize) =>
    prize.kind === "nft"
      ? t("funding.nftPrize", { count: text.count(nftsNeeded(prize)), symbol: prize.tokenSymbol ?? "NFT" })
      : t("funding.prize", {
          prize: text.prize(prize),
          count: text.count(prize.count ?? 0),
          total: text.total(prize, (BigInt(prize.amount) * BigInt(prize.count ?? 0)).toString()),
        });

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="fund-prizes">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t("funding.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("funding.hint")}
        </Text>
        {unfunded.map((prize) => (
          <Group key={prize.id} justify="space-between" wrap="nowrap" data-testid={`fund-${prize.id}`}>
            <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
              {rowText(prize)}
            </Text>
            <Button
              size="xs"
              onClick={() => onFund(prize)}
              disabled={funder.running}
              // Long grouped amounts wrap the text beside it; the button keeps its width (375 px, cn).
              style={{ flexShrink: 0 }}
              data-testid={`fund-${prize.id}-button`}
            >
              {prize.kind === "nft" && prize.campaignId !== null ? t("funding.continue") : t("funding.fund")}
            </Button>
          </Group>
        ))}
      </Stack>
      <Modal
        opened={open !== undefined}
        onClose={close}
        title={t("funding.dialogTitle", { prize: open ? text.prize(open) : "" })}
        data-testid="fund-dialog"
      >
        <Stack gap="md">
          {open?.kind === "nft" && !nftFunder.done && (
            <FundNftStep
              prize={open}
              funder={nftFunder}
              tried={tried}
              onFund={(tokenIds, deposit) => {
                setTried(tokenIds);
                void run(() => nftFunder.fund(open, tokenIds, deposit));
              }}
            />
          )}
          {funder.steps.length > 0 && (
            <TransactionSteps
              steps={funder.steps}
              chain={config?.chains.find((chain) => chain.id === game.chainId)}
              transactionLabel={(hash) => t("spin.transaction", { hash })}
            />
          )}
          {failure && (
            <Alert color="red" variant="light" data-testid="fund-error">
              {failure}
            </Alert>
          )}
          {funder.done && (
            <Text c="jade" fw={600} data-testid="fund-done">
              {t("funding.done")}
            </Text>
          )}
          {!funder.running && (
            <Button variant="default" onClick={close} data-testid="fund-dialog-close">
              {t("claims.close")}
            </Button>
          )}
        </Stack>
      </Modal>
    </Card>
  );
}
