import type { WheelPrize } from "@dropfair/schemas/wheel";
import { Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatTokenIds, nameTokenIds, parseTokenIds } from "../../../shared/lib/token-ids";
import type { useFundNftPrize } from "../hooks/use-fund-nft-prize";
import { nftsNeeded } from "../model/funding";

/** The catalogue key and values of what is wrong with the typed ids, or undefined when they fit the prize. */
function idsProblem(text: string, needed: number) {
  const { ids, invalid, duplicates } = parseTokenIds(text);
  if (invalid.length > 0) return { key: "funding.nft.invalid", values: { ids: nameTokenIds(invalid) } };
  if (duplicates.length > 0)
    return { key: "funding.nft.duplicate", values: { ids: nameTokenIds(duplicates) } };
  if (ids.length !== needed)
    return { key: "funding.nft.count", values: { count: needed, entered: ids.length } };
  return undefined;
}

/**
 * The ids of the NFTs an NFT prize pays out, one per win: typed, or filled from the wallet when the collection is
 * enumerable; Fund checks them and starts the funding.
 */
export function FundNftForm({
  prize,
  funder,
  onFund,
}: {
  prize: WheelPrize;
  funder: ReturnType<typeof useFundNftPrize>;
  onFund: (tokenIds: bigint[]) => void;
}) {
  const { t } = useTranslation("wheel");
  const needed = nftsNeeded(prize);
  const symbol = prize.tokenSymbol ?? "NFT";
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string>();
  const [note, setNote] = useState<string>();
  const [filling, setFilling] = useState(false);

  async function fill() {
    setFilling(true);
    setNote(undefined);
    try {
      const owned = await funder.walletIds(prize, needed);
      if (!owned.enumerable) setNote(t("funding.nft.notEnumerable", { symbol }));
      else {
        setText(formatTokenIds(owned.tokenIds));
        setProblem(undefined);
        if (owned.tokenIds.length < needed)
          setNote(t("funding.nft.fewOwned", { symbol, count: needed, owned: owned.tokenIds.length }));
      }
    } catch {
      setNote(t("funding.nft.fillFailed"));
    } finally {
      setFilling(false);
    }
  }

  function submit() {
    const found = idsProblem(text, needed);
    if (found) {
      setProblem(t(found.key, found.values));
      return;
    }
    onFund(parseTokenIds(text).ids);
  }

  return (
    <Stack gap="xs" data-testid="fund-nft-form">
      <Textarea
        label={t("funding.nft.ids", { count: needed, symbol })}
        description={t("funding.nft.idsHint", { symbol })}
        placeholder="1, 2, 3"
        autosize
        minRows={2}
        maxRows={6}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setProblem(undefined);
        }}
        error={problem}
        disabled={funder.running}
        data-testid="fund-nft-ids"
      />
      {note && (
        <Text size="sm" c="dimmed" data-testid="fund-nft-note">
          {note}
        </Text>
      )}
      <Group justify="space-between" gap="xs">
        <Button
          variant="default"
          size="xs"
          onClick={() => void fill()}
          loading={filling}
          disabled={funder.running}
          data-testid="fund-nft-fill"
        >
          {t("funding.nft.fill")}
        </Button>
        <Button size="xs" onClick={submit} loading={funder.running} data-testid="fund-nft-submit">
          {t("funding.nft.submit", { count: needed })}
        </Button>
      </Group>
    </Stack>
  );
}
