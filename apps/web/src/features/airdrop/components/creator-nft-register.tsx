import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { Button, Group, Stack } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useReportAirdropError } from "../hooks/use-airdrop-error";
import type { useAirdropTransactions } from "../hooks/use-airdrop-transactions";
import { useNftFill } from "../hooks/use-nft-fill";
import { NftNotOwnedError } from "../model/errors";
import { nameTokenIds, parseTokenIds, validateTokenIds } from "../model/token-ids";
import { NftTokenIdsField } from "./nft-token-ids";

export type CreatorNftRegisterProps = {
  detail: AirdropDetail;
  /** How many NFTs are still to be registered. */
  missing: number;
  /** The panel's transactions, whose steps it shows. */
  transactions: ReturnType<typeof useAirdropTransactions>;
};

/** Registers the NFTs an NFT airdrop still needs, typed or filled from the wallet. */
export function CreatorNftRegister({ detail, missing, transactions }: CreatorNftRegisterProps) {
  const { t } = useTranslation(["airdrop", "validation"]);
  const report = useReportAirdropError();
  const [tokenIds, setTokenIds] = useState("");
  const [tokenIdsError, setTokenIdsError] = useState<string>();
  const nftFill = useNftFill(transactions.walletNfts, changeTokenIds);

  function changeTokenIds(value: string) {
    setTokenIds(value);
    setTokenIdsError(undefined);
  }

  async function onRegisterNfts() {
    const problem = validateTokenIds(tokenIds, missing, { upTo: true });
    if (problem) {
      setTokenIdsError(t(problem.key, problem.params));
      return;
    }
    try {
      await transactions.registerNfts(detail, parseTokenIds(tokenIds).ids);
      setTokenIds("");
    } catch (error) {
      if (error instanceof NftNotOwnedError)
        setTokenIdsError(t("nft.errors.notOwned", { ids: nameTokenIds(error.tokenIds) }));
      else report(error);
    }
  }

  return (
    <Stack gap="xs">
      <NftTokenIdsField
        value={tokenIds}
        onChange={changeTokenIds}
        needed={missing}
        upTo
        error={tokenIdsError}
        disabled={transactions.running}
        onFill={() => void nftFill.fill(detail, detail.tokenAddress ?? "", missing)}
        filling={nftFill.filling}
        fillNote={nftFill.note}
      />
      <Group justify="flex-end">
        <Button
          onClick={() => void onRegisterNfts()}
          loading={transactions.running}
          data-testid="creator-register-nfts"
        >
          {t("nft.register")}
        </Button>
      </Group>
    </Stack>
  );
}
