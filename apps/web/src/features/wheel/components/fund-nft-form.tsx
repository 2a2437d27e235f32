import type { WheelPrize } from "@dropfair/schemas/wheel";
import { Alert, Button, Group, Loader, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatTokenIds, nameTokenIds, parseTokenIds } from "../../../shared/lib/token-ids";
import type { NftDeposit, useFundNftPrize } from "../hooks/use-fund-nft-prize";
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

type Funder = ReturnType<typeof useFundNftPrize>;

/**
 * The NFT step of the funding dialog: what the prize's campaign already holds when a funding stopped half-way (read
 * on chain), then the ids still missing, or, when every NFT is in, the button that records the funding. `tried`
 * are the ids of the last attempt: those not in the campaign fill the form again.
 */
export function FundNftStep({
  prize,
  funder,
  tried,
  onFund,
}: {
  prize: WheelPrize;
  funder: Funder;
  tried: readonly bigint[];
  onFund: (tokenIds: bigint[], deposit: NftDeposit | undefined) => void;
}) {
  const { t } = useTranslation("wheel");
  const { check } = funder;
  if (check.state === "checking")
    return (
      <Group gap="xs" data-testid="fund-nft-checking">
        <Loader size="xs" />
        <Text size="sm">{t("funding.nft.checking")}</Text>
      </Group>
    );
  if (check.state === "failed")
    return (
      <Alert color="orange" variant="light" data-testid="fund-nft-check-failed">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t("funding.nft.checkFailed")}</Text>
          <Button size="xs" variant="default" onClick={() => void funder.checkDeposit(prize)}>
            {t("funding.nft.checkAgain")}
          </Button>
        </Stack>
      </Alert>
    );
  const deposit = check.state === "read" ? check.deposit : undefined;
  const held = deposit?.tokenIds ?? [];
  const count = nftsNeeded(prize);
  const rest = Math.max(count - held.length, 0);
  const values = { count, deposited: held.length, rest, ids: nameTokenIds(held) };
  return (
    <Stack gap="sm">
      {deposit && (
        <Alert color="blue" variant="light" data-testid="fund-nft-deposited">
          {held.length === 0
            ? t("funding.nft.depositedNone")
            : rest === 0
              ? t("funding.nft.depositedAll", values)
              : t("funding.nft.deposited", values)}
        </Alert>
      )}
      {rest > 0 ? (
        <FundNftForm
          key={held.length}
          prize={prize}
          needed={rest}
          initialText={formatTokenIds(tried.filter((id) => !held.includes(id)))}
          funder={funder}
          onFund={(tokenIds) => onFund(tokenIds, deposit)}
        />
      ) : (
        <Button onClick={() => onFund([], deposit)} loading={funder.running} data-testid="fund-nft-record">
          {t("funding.nft.record")}
        </Button>
      )}
    </Stack>
  );
}

/**
 * The ids of the NFTs an NFT prize still needs (`needed`, one per win): typed, or filled from the wallet when the
 * collection is enumerable; Fund checks them and starts the funding.
 */
function FundNftForm({
  prize,
  needed,
  initialText,
  funder,
  onFund,
}: {
  prize: WheelPrize;
  needed: number;
  initialText: string;
  funder: Funder;
  onFund: (tokenIds: bigint[]) => void;
}) {
  const { t } = useTranslation("wheel");
  const symbol = prize.tokenSymbol ?? "NFT";
  const [text, setText] = useState(initialText);
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
