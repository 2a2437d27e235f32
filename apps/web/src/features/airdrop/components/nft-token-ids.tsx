import { Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { parseTokenIds } from "../model/token-ids";
import classes from "./airdrop.module.css";

export type NftTokenIdsFieldProps = {
  value: string;
  onChange: (value: string) => void;
  /** How many NFTs the campaign still needs. */
  needed: number;
  /** The creator may enter fewer than `needed` (registering more later), not only exactly that many. */
  upTo?: boolean;
  error: string | undefined;
  disabled: boolean;
  /** Fills the field from the wallet (ERC721Enumerable collections); absent when there is no collection yet. */
  onFill: (() => void) | undefined;
  filling: boolean;
  /** What filling found, when it is worth saying (the collection cannot list, the wallet holds too few). */
  fillNote: string | undefined;
};

/** The token ids the creator puts into an NFT airdrop, with how many are needed and a fill-from-wallet offer. */
export function NftTokenIdsField({
  value,
  onChange,
  needed,
  upTo = false,
  error,
  disabled,
  onFill,
  filling,
  fillNote,
}: NftTokenIdsFieldProps) {
  const { t } = useTranslation("airdrop");
  const entered = parseTokenIds(value).ids.length;
  return (
    <Stack gap={6} data-testid="nft-token-ids-field">
      <Textarea
        label={t("nft.tokenIds")}
        description={t(upTo ? "nft.tokenIdsHintUpTo" : "nft.tokenIdsHint", { count: needed })}
        placeholder={t("nft.placeholder")}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        disabled={disabled}
        autosize
        minRows={2}
        maxRows={6}
        spellCheck={false}
        autoComplete="off"
        classNames={{ input: classes.mono }}
        withAsterisk={!upTo}
        data-testid="nft-token-ids"
      />
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text
          size="xs"
          c={entered === needed || (upTo && entered > 0) ? "jade" : "dimmed"}
          data-testid="nft-count"
        >
          {t("nft.entered", { entered, count: needed })}
        </Text>
        <Button
          variant="light"
          size="compact-sm"
          onClick={onFill}
          loading={filling}
          disabled={disabled || !onFill || needed === 0}
          data-testid="nft-fill"
        >
          {t("nft.fill", { count: needed })}
        </Button>
      </Group>
      {fillNote && (
        <Text size="xs" c="dimmed" data-testid="nft-fill-note">
          {fillNote}
        </Text>
      )}
    </Stack>
  );
}
