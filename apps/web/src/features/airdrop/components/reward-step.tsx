import { isEvmAddress } from "@dropfair/core/address";
import { acceptInput } from "@dropfair/core/patterns";
import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { airdropModes, airdropRewardTypes } from "@dropfair/schemas/codes";
import { Alert, Group, Radio, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ChainRecord } from "../../../shared/api/get-platform-config";
import type { TransactionStep } from "../../../shared/ui/transaction-steps";
import type { FieldErrors, WizardDraft } from "../model/wizard-form";
import classes from "./airdrop.module.css";
import { useFieldError } from "./field-error";
import { FundingPanel } from "./funding-panel";
import { NftTokenIdsField } from "./nft-token-ids";
import { RewardDiscordFields } from "./reward-discord-fields";
import { RewardTokenFields } from "./reward-token-fields";

/** The NFT reward's own inputs: the ids the creator puts in, and the offer to fill them from the wallet. */
export type NftRewardInput = {
  tokenIds: string;
  onTokenIdsChange: (value: string) => void;
  /** How many NFTs are still to be registered. */
  needed: number;
  /** How many the airdrop pays out in all (registered or not). */
  total: number;
  onFill: () => void;
  filling: boolean;
  fillNote: string | undefined;
};

export type RewardStepProps = {
  draft: WizardDraft;
  errors: FieldErrors;
  onChange: <Field extends keyof WizardDraft>(field: Field, value: WizardDraft[Field]) => void;
  detail: AirdropDetail;
  /** Reward fields are fixed once the prize is on chain (until it is refunded). */
  locked: boolean;
  logoUrl: string | undefined;
  logoError: string | undefined;
  onLogo: (file: File | null) => void;
  onRemoveLogo: () => void;
  logoBusy: boolean;
  onDeposit: () => void;
  depositing: boolean;
  steps: readonly TransactionStep[];
  chain: ChainRecord | undefined;
  nft: NftRewardInput;
};

/** Step 3: reward settings — what is paid, how it is shared, and the deposit that funds it on chain. */
export function RewardStep({
  draft,
  errors,
  onChange,
  detail,
  locked,
  logoUrl,
  logoError,
  onLogo,
  onRemoveLogo,
  logoBusy,
  onDeposit,
  depositing,
  steps,
  chain,
  nft,
}: RewardStepProps) {
  const { t } = useTranslation(["airdrop", "validation"]);
  const fieldError = useFieldError(errors);
  const isToken = draft.rewardType === "token";
  const isNft = draft.rewardType === "nft";
  const symbol = draft.customToken ? draft.tokenSymbol : detail.tokenSymbol;
  return (
    <Stack gap="md" data-testid="wizard-reward">
      <SegmentedControl
        value={draft.rewardType}
        onChange={(value) => onChange("rewardType", value as WizardDraft["rewardType"])}
        data={airdropRewardTypes.map((value) => ({ value, label: t(`rewardTypes.${value}`) }))}
        disabled={locked}
        fullWidth
        data-testid="reward-type"
      />
      {draft.rewardType !== "token" && (
        <Alert color="blue" variant="light">
          {t(`wizard.rewardNote.${draft.rewardType}`)}
        </Alert>
      )}
      {draft.rewardType === "discord_role" ? (
        <RewardDiscordFields draft={draft} onChange={onChange} fieldError={fieldError} locked={locked} />
      ) : (
        <TextInput
          label={t(isToken ? "wizard.fields.tokenAddress" : "wizard.fields.nftAddress")}
          placeholder="0x…"
          value={draft.tokenAddress}
          onChange={(event) => onChange("tokenAddress", event.currentTarget.value.trim())}
          error={fieldError("tokenAddress")}
          disabled={locked}
          spellCheck={false}
          autoComplete="off"
          classNames={{ input: classes.mono }}
          withAsterisk
          data-testid="token-address"
        />
      )}
      {isToken && (
        <RewardTokenFields
          draft={draft}
          onChange={onChange}
          fieldError={fieldError}
          locked={locked}
          symbol={symbol}
          logoUrl={logoUrl}
          logoError={logoError}
          onLogo={onLogo}
          onRemoveLogo={onRemoveLogo}
          logoBusy={logoBusy}
        />
      )}
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t("wizard.fields.mode")}
        </Text>
        <Radio.Group
          value={draft.mode}
          onChange={(value) => onChange("mode", value as WizardDraft["mode"])}
          data-testid="airdrop-mode"
        >
          <Group gap="lg">
            {airdropModes.map((value) => (
              <Radio key={value} value={value} label={t(`modes.${value}`)} disabled={locked} />
            ))}
          </Group>
        </Radio.Group>
        <Text size="xs" c="dimmed">
          {t(`modes.hint.${draft.mode}`)}
        </Text>
      </Stack>
      {draft.mode === "fcfs" && (
        <TextInput
          label={t("wizard.fields.shares")}
          description={t("wizard.fields.sharesHint", { count: detail.participantCount })}
          inputMode="numeric"
          value={draft.shares}
          onChange={(event) =>
            onChange("shares", acceptInput("integer", event.currentTarget.value, draft.shares))
          }
          error={fieldError("shares")}
          disabled={locked || detail.campaignId !== null}
          withAsterisk
          data-testid="airdrop-shares"
        />
      )}
      {isNft && (
        <NftTokenIdsField
          value={nft.tokenIds}
          onChange={nft.onTokenIdsChange}
          needed={nft.needed}
          error={fieldError("tokenIds")}
          disabled={nft.needed === 0}
          onFill={chain && isEvmAddress(draft.tokenAddress.trim()) ? nft.onFill : undefined}
          filling={nft.filling}
          fillNote={nft.needed === 0 ? t("nft.allRegistered") : nft.fillNote}
        />
      )}
      {(isToken || isNft) && (
        <FundingPanel
          draft={draft}
          detail={detail}
          symbol={symbol}
          nftTotal={nft.total}
          depositError={errors.deposit}
          onDeposit={onDeposit}
          depositing={depositing}
          steps={steps}
          chain={chain}
        />
      )}
    </Stack>
  );
}
