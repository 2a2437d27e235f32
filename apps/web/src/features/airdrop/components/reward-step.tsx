import { isEvmAddress } from "@dropfair/core/address";
import { acceptInput } from "@dropfair/core/patterns";
import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { airdropModes, airdropRewardTypes } from "@dropfair/schemas/codes";
import {
  Alert,
  Avatar,
  Button,
  Card,
  FileButton,
  Group,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ChainRecord } from "../../../shared/api/get-platform-config";
import { type TransactionStep, TransactionSteps } from "../../../shared/ui/transaction-steps";
import { formatBaseUnits, tokensPerShare, withSymbol } from "../model/amounts";
import type { FieldErrors, WizardDraft } from "../model/wizard-form";
import classes from "./airdrop.module.css";
import { FieldMessageText, useFieldError } from "./field-error";
import { NftTokenIdsField } from "./nft-token-ids";

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

function Summary({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={650} size="sm" style={{ overflowWrap: "anywhere" }} data-testid={testId}>
        {value || "—"}
      </Text>
    </Stack>
  );
}

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
  const divisor = draft.mode === "fcfs" ? Number(draft.shares || "0") : detail.totalWeight;
  const perShare = isToken ? tokensPerShare(draft.totalAmount, divisor) : "";
  const decimals = detail.tokenDecimals;
  const required = detail.requiredDeposit;
  const depositedText = withSymbol(formatBaseUnits(detail.deposited, decimals ?? 0), detail.tokenSymbol);
  const requiredText = required
    ? withSymbol(formatBaseUnits(required, decimals ?? 0), detail.tokenSymbol)
    : "";
  const short = required !== null && BigInt(detail.deposited) < BigInt(required);
  const nftsRegistered = isNft && required !== null && !short;

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
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t("wizard.fields.discordGuildId")}
            value={draft.discordGuildId}
            onChange={(event) =>
              onChange(
                "discordGuildId",
                acceptInput("integer", event.currentTarget.value, draft.discordGuildId),
              )
            }
            error={fieldError("discordGuildId")}
            disabled={locked}
            inputMode="numeric"
          />
          <TextInput
            label={t("wizard.fields.discordRoleId")}
            value={draft.discordRoleId}
            onChange={(event) =>
              onChange(
                "discordRoleId",
                acceptInput("integer", event.currentTarget.value, draft.discordRoleId),
              )
            }
            error={fieldError("discordRoleId")}
            disabled={locked}
            inputMode="numeric"
          />
        </SimpleGrid>
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
        <Stack gap="sm">
          <Switch
            label={t("wizard.fields.customToken")}
            description={t("wizard.fields.customTokenHint")}
            checked={draft.customToken}
            onChange={(event) => onChange("customToken", event.currentTarget.checked)}
            disabled={locked}
            data-testid="custom-token"
          />
          {draft.customToken && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t("wizard.fields.tokenSymbol")}
                value={draft.tokenSymbol}
                onChange={(event) => onChange("tokenSymbol", event.currentTarget.value.slice(0, 20))}
                error={fieldError("tokenSymbol")}
                disabled={locked}
                withAsterisk
                data-testid="token-symbol"
              />
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t("wizard.fields.logo")}
                </Text>
                <Group gap="sm">
                  {logoUrl && (
                    <Avatar src={logoUrl} size={36} radius="xl" alt="" data-testid="logo-preview" />
                  )}
                  <FileButton onChange={onLogo} accept="image/png,image/jpeg,image/webp">
                    {(props) => (
                      <Button
                        variant="default"
                        size="xs"
                        loading={logoBusy}
                        {...props}
                        data-testid="logo-upload"
                      >
                        {t("wizard.fields.logoUpload")}
                      </Button>
                    )}
                  </FileButton>
                  {logoUrl && (
                    <Button variant="subtle" color="red" size="xs" onClick={onRemoveLogo}>
                      {t("wizard.fields.logoRemove")}
                    </Button>
                  )}
                </Group>
                <Text size="xs" c={logoError ? "red" : "dimmed"} data-testid="logo-message">
                  {logoError ?? t("wizard.fields.logoHint")}
                </Text>
              </Stack>
            </SimpleGrid>
          )}
          <TextInput
            label={t("wizard.fields.totalAmount")}
            description={t("wizard.fields.totalAmountHint")}
            placeholder="0.0"
            inputMode="decimal"
            value={draft.totalAmount}
            onChange={(event) =>
              onChange("totalAmount", acceptInput("decimal", event.currentTarget.value, draft.totalAmount))
            }
            error={fieldError("totalAmount")}
            disabled={locked}
            withAsterisk
            rightSection={
              symbol ? (
                <Text size="xs" c="dimmed">
                  {symbol}
                </Text>
              ) : undefined
            }
            rightSectionWidth={symbol ? 64 : undefined}
            data-testid="total-amount"
          />
        </Stack>
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
        <Card withBorder padding="md" radius="md" data-testid="funding-panel">
          <Stack gap="sm">
            {isToken ? (
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                <Summary
                  label={t(draft.mode === "fcfs" ? "funding.perShare" : "funding.perWeight")}
                  value={withSymbol(perShare, symbol)}
                  testId="tokens-per-share"
                />
                <Summary
                  label={t("funding.required")}
                  value={requiredText || t("funding.notPrepared")}
                  testId="required-deposit"
                />
                <Summary label={t("funding.deposited")} value={depositedText} testId="deposited" />
              </SimpleGrid>
            ) : (
              <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
                <Summary label={t("nft.needed")} value={String(nft.total)} testId="required-deposit" />
                <Summary label={t("nft.registered")} value={detail.deposited} testId="deposited" />
                <Summary label={t("nft.collection")} value={detail.tokenSymbol ?? ""} testId="nft-symbol" />
              </SimpleGrid>
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
            <FieldMessageText message={errors.deposit} testId="deposit-required" />
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
      )}
    </Stack>
  );
}
