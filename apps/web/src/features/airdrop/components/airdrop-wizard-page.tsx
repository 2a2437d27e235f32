import type { AirdropDetail, ParticipantReport } from "@dropfair/schemas/airdrop";
import { airdropStatuses } from "@dropfair/schemas/codes";
import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  Stack,
  Stepper,
  Text,
  Title,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
// Static on purpose: a dynamic import of a package the shell loads lazily too makes rolldown split the entry
// chunk into many small ones (about +6 KB gz on the first route).
import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { paths } from "../../../config/paths";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import { useLocalizedNavigate } from "../../../shared/i18n/use-locale";
import { IconWallet } from "../../../shared/ui/icons";
import { messageDialog } from "../../../shared/ui/message-dialog-state";
import { useClearParticipants } from "../api/clear-participants";
import { useDeleteLogo } from "../api/delete-logo";
import { airdropQueryOptions, useAirdrop } from "../api/get-airdrop";
import { useLogoUrl } from "../api/get-logo";
import { usePrepareAirdrop } from "../api/prepare-airdrop";
import { useReleaseAirdrop } from "../api/release-airdrop";
import { useSaveAirdrop } from "../api/save-airdrop";
import { useUploadLogo } from "../api/upload-logo";
import { formatReward } from "../model/amounts";
import type { AirdropViewer } from "../model/integrations";
import { nameTokenIds, nftCounts, parseTokenIds, validateTokenIds } from "../model/token-ids";
import {
  draftFromDetail,
  draftsDiffer,
  draftToBody,
  emptyDraft,
  type FieldErrors,
  hasErrors,
  minuteInputToIso,
  validateDeposit,
  validateLogo,
  validateParticipants,
  validateReward,
  validateSettings,
  type WizardDraft,
} from "../model/wizard-form";
import { CampaignBanner } from "./campaign-banner";
import { ParticipantsStep } from "./participants-step";
import { RewardStep } from "./reward-step";
import { SettingsStep } from "./settings-step";
import { useAirdropErrorText, useReportAirdropError } from "./use-airdrop-error";
import { NftNotOwnedError, useAirdropTransactions } from "./use-airdrop-transactions";
import { useLeaveGuard } from "./use-leave-guard";
import { useNftFill } from "./use-nft-fill";
import { useRewardText } from "./use-reward-text";

const stepCount = 3;

export type AirdropWizardPageProps = {
  /** The route's `{id?}`: edit that airdrop, or create a new one. */
  id: string | undefined;
  viewer: AirdropViewer;
};

type WizardProps = { initial: AirdropDetail | undefined; viewer: AirdropViewer };

function Wizard({ initial, viewer }: WizardProps) {
  const { t } = useTranslation(["airdrop", "validation"]);
  const narrow = useMediaQuery("(max-width: 48em)");
  const navigate = useLocalizedNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const report = useReportAirdropError();
  const errorText = useAirdropErrorText();
  const { data: config } = usePlatformConfig();
  const rewardText = useRewardText();

  const [airdropId, setAirdropId] = useState(initial?.id);
  const live = useAirdrop(airdropId, viewer.walletAddress?.toLowerCase());
  const detail = live.data ?? initial;

  const chains = useMemo(() => {
    const distributorChains = new Set((config?.airdrop?.distributors ?? []).map((entry) => entry.chainId));
    return (config?.chains ?? [])
      .filter((chain) => distributorChains.has(chain.id))
      .map((chain) => ({ value: String(chain.id), label: chain.name }));
  }, [config]);

  const [draft, setDraft] = useState<WizardDraft>(() =>
    initial ? draftFromDetail(initial) : emptyDraft(new Date(), null),
  );
  const [saved, setSaved] = useState<WizardDraft>(draft);
  const initialStep = (location.state as { step?: number } | null)?.step ?? 0;
  const [step, setStep] = useState(Math.min(Math.max(initialStep, 0), stepCount - 1));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [uploadReport, setUploadReport] = useState<ParticipantReport>();
  const [previewOpened, setPreviewOpened] = useState(false);
  const [busy, setBusy] = useState<"save" | "next" | "deposit" | "finish">();
  const [logoError, setLogoError] = useState<string>();

  const save = useSaveAirdrop();
  const clear = useClearParticipants();
  const prepare = usePrepareAirdrop();
  const release = useReleaseAirdrop();
  const uploadLogo = useUploadLogo();
  const removeLogo = useDeleteLogo();
  const transactions = useAirdropTransactions();
  // The NFT ids are not part of the saved draft: they go to the chain, and the API reads them from there.
  const [tokenIds, setTokenIds] = useState("");
  const nftFill = useNftFill(transactions.walletNfts, changeTokenIds);

  // A new airdrop starts on the first chain that has a distributor, once the configuration is known.
  useEffect(() => {
    const first = chains[0];
    if (draft.chainId !== null || !first || initial) return;
    const chainId = Number(first.value);
    setDraft((previous) => ({ ...previous, chainId }));
    setSaved((previous) => ({ ...previous, chainId }));
  }, [chains, draft.chainId, initial]);

  const dirty = draftsDiffer(draft, saved);
  const guard = useLeaveGuard(dirty);

  const participantCount = detail?.participantCount ?? 0;
  const released = detail !== undefined && detail.status !== airdropStatuses.draft;
  const rewardLocked = detail !== undefined && !detail.editable;
  const listLocked = released || rewardLocked;

  function change<Field extends keyof WizardDraft>(field: Field, value: WizardDraft[Field]) {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => {
      const { [field]: _removed, ...rest } = previous;
      return rest;
    });
  }

  function changeTokenIds(value: string) {
    setTokenIds(value);
    // A failed attempt's steps describe the ids as they were.
    if (!transactions.running) transactions.clearSteps();
    setErrors(({ tokenIds: _cleared, deposit: _deposit, ...rest }) => rest);
  }

  async function changeIdType(value: WizardDraft["idType"]) {
    if (value === draft.idType) return;
    if (participantCount > 0 && airdropId !== undefined) {
      const confirmed = await messageDialog.confirm({
        message: t("validation:validation.airdrop.idTypeChangeConfirm"),
      });
      if (!confirmed) return;
      try {
        await clear.mutateAsync(airdropId);
        setUploadReport(undefined);
      } catch (error) {
        report(error);
        return;
      }
    }
    change("idType", value);
  }

  /** Saves the draft (creating it the first time); undefined when the settings are invalid or the save failed. */
  async function saveDraft(nextStep?: number): Promise<AirdropDetail | undefined> {
    const settingsErrors = validateSettings(draft);
    if (hasErrors(settingsErrors)) {
      setErrors(settingsErrors);
      setStep(0);
      return undefined;
    }
    if (!dirty && detail) return detail;
    try {
      const result = await save.mutateAsync({ id: airdropId, body: draftToBody(draft) });
      setSaved(draft);
      if (airdropId === undefined) {
        // The new draft gets its own URL; the page remounts there from the cache, on the step it was going to.
        queryClient.setQueryData(
          airdropQueryOptions(result.id, viewer.walletAddress?.toLowerCase()).queryKey,
          result,
        );
        setAirdropId(result.id);
        guard.allowNext();
        await navigate(paths.airdropCreate.build({ id: result.id }), {
          replace: true,
          state: { step: nextStep ?? step },
        });
      }
      return result;
    } catch (error) {
      report(error);
      return undefined;
    }
  }

  async function onSaveDraft() {
    setBusy("save");
    try {
      const result = await saveDraft();
      if (result) notifySaved();
    } finally {
      setBusy(undefined);
    }
  }

  function notifySaved() {
    notifications.show({ color: "jade", message: t("wizard.saved") });
  }

  const nft = detail ? nftCounts(detail, draft) : { total: 0, needed: 0 };

  function rewardErrors(count: number) {
    const errors = validateReward(draft, count);
    if (draft.rewardType !== "nft" || nft.needed === 0) return errors;
    const idsError = validateTokenIds(tokenIds, nft.needed);
    return idsError ? { ...errors, tokenIds: idsError } : errors;
  }

  async function onNext() {
    setBusy("next");
    try {
      if (step === 0) {
        // A new draft moves to its own URL and opens there on step 2; an existing one just moves on.
        const creating = airdropId === undefined;
        const result = await saveDraft(1);
        if (result && !creating) setStep(1);
        return;
      }
      if (step === 1) {
        const listErrors = validateParticipants(participantCount);
        setErrors(listErrors);
        if (!hasErrors(listErrors)) setStep(2);
      }
    } finally {
      setBusy(undefined);
    }
  }

  /** Every step's checks, moving to the first step with a problem. */
  function validateAll(): boolean {
    const settingsErrors = validateSettings(draft);
    if (hasErrors(settingsErrors)) {
      setErrors(settingsErrors);
      setStep(0);
      return false;
    }
    const listErrors = validateParticipants(participantCount);
    if (hasErrors(listErrors)) {
      setErrors(listErrors);
      setStep(1);
      return false;
    }
    const reward = rewardErrors(participantCount);
    setErrors(reward);
    if (hasErrors(reward)) {
      setStep(2);
      return false;
    }
    return true;
  }

  /** Saves, prepares the on-chain parameters when the campaign is not on chain yet, and funds what is missing. */
  async function ensureFunded(): Promise<AirdropDetail | undefined> {
    let current = await saveDraft();
    if (!current) return undefined;
    if (current.rewardType === "nft") return registerNfts(current);
    // A Discord role needs no deposit, only the frozen list (the API checks the role is ours to grant).
    if (current.rewardType === "discord_role")
      return current.prepared ? current : prepare.mutateAsync(current.id);
    if (current.campaignId === null) current = await prepare.mutateAsync(current.id);
    const required = current.requiredDeposit === null ? 0n : BigInt(current.requiredDeposit);
    const missing = required - BigInt(current.deposited);
    if (missing > 0n) current = await transactions.fund(current, missing);
    return current;
  }

  /** Prepares an NFT airdrop and registers the ids the creator entered, when some are still needed. */
  async function registerNfts(saved: AirdropDetail): Promise<AirdropDetail | undefined> {
    let current = saved;
    if (!current.prepared) current = await prepare.mutateAsync(current.id);
    const { needed } = nftCounts(current, { mode: current.mode, shares: String(current.shares ?? "") });
    if (needed === 0) return current;
    // The API's count is the authority: check the ids against it once more now that it is frozen.
    const idsError = validateTokenIds(tokenIds, needed);
    if (idsError) {
      setErrors({ tokenIds: idsError });
      setStep(2);
      return undefined;
    }
    current = await transactions.registerNfts(current, parseTokenIds(tokenIds).ids);
    setTokenIds("");
    return current;
  }

  /** Shows a failed funding step where it belongs: NFTs the wallet does not own under the ids, the rest in a dialog. */
  function reportFunding(error: unknown) {
    if (error instanceof NftNotOwnedError) {
      setErrors({
        tokenIds: { key: "airdrop:nft.errors.notOwned", params: { ids: nameTokenIds(error.tokenIds) } },
      });
      setStep(2);
      return;
    }
    report(error);
  }

  async function onDeposit() {
    if (!validateAll()) return;
    setBusy("deposit");
    try {
      await ensureFunded();
    } catch (error) {
      reportFunding(error);
    } finally {
      setBusy(undefined);
    }
  }

  async function onFinish() {
    if (released) {
      const result = await saveDraft();
      if (result) {
        guard.allowNext();
        await navigate(paths.airdropDetail.build({ id: result.id }));
      }
      return;
    }
    if (!validateAll()) return;
    setBusy("finish");
    try {
      const funded = await ensureFunded();
      if (!funded) return;
      if (funded.rewardType !== "discord_role") {
        const depositErrors = validateDeposit(
          BigInt(funded.deposited),
          funded.requiredDeposit === null ? undefined : BigInt(funded.requiredDeposit),
        );
        if (hasErrors(depositErrors)) {
          setErrors(depositErrors);
          return;
        }
      }
      const result = await release.mutateAsync(funded.id);
      guard.allowNext();
      await navigate(paths.airdropDetail.build({ id: result.id }));
    } catch (error) {
      reportFunding(error);
    } finally {
      setBusy(undefined);
    }
  }

  async function onLogo(file: File | null) {
    if (!file || airdropId === undefined) return;
    const problem = validateLogo(file);
    if (problem) {
      setLogoError(t(problem.key, problem.params));
      return;
    }
    setLogoError(undefined);
    try {
      await uploadLogo.mutateAsync({ airdropId, file });
    } catch (error) {
      setLogoError(errorText(error));
    }
  }

  async function onRemoveLogo() {
    if (airdropId === undefined) return;
    try {
      await removeLogo.mutateAsync(airdropId);
    } catch (error) {
      report(error);
    }
  }

  const chain = detail ? transactions.chainOf(detail) : undefined;
  const logoUrl = useLogoUrl(airdropId, detail?.updatedAt, Boolean(detail?.hasLogo && draft.customToken));
  const working = busy !== undefined || transactions.running;

  return (
    <Stack gap="lg" data-testid="airdrop-wizard">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {airdropId === undefined ? t("wizard.createTitle") : t("wizard.editTitle")}
          </Title>
          {detail && (
            <Text size="sm" c="dimmed" data-testid="wizard-airdrop-id">
              {t("wizard.idLine", { id: detail.id })}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <Button
            variant="subtle"
            component={LocaleLink}
            to={paths.airdrop.build()}
            data-testid="wizard-back-to-list"
          >
            {t("wizard.backToList")}
          </Button>
          <Button
            variant="default"
            component={LocaleLink}
            to={
              airdropId === undefined ? paths.airdrop.build() : paths.airdropDetail.build({ id: airdropId })
            }
            disabled={airdropId === undefined}
            data-testid="wizard-campaign-page"
          >
            {t("wizard.campaignPage")}
          </Button>
        </Group>
      </Group>

      {released && (
        <Alert color="blue" variant="light" data-testid="wizard-released">
          {t("wizard.releasedNote")}
        </Alert>
      )}

      <Card withBorder radius="lg" padding={narrow ? "md" : "xl"}>
        {/* Narrow screens name only the current step; the others show their numbers. */}
        <Stepper
          active={step}
          onStepClick={(index) => index < step && setStep(index)}
          allowNextStepsSelect={false}
          size={narrow ? "xs" : "sm"}
          data-testid="wizard-stepper"
        >
          <Stepper.Step
            label={narrow && step !== 0 ? undefined : t("wizard.steps.settings")}
            description={narrow ? undefined : t("wizard.steps.settingsHint")}
          >
            <SettingsStep
              draft={draft}
              errors={errors}
              onChange={change}
              onIdTypeChange={(value) => void changeIdType(value)}
              chains={chains}
              listLocked={listLocked}
            />
          </Stepper.Step>
          <Stepper.Step
            label={narrow && step !== 1 ? undefined : t("wizard.steps.participants")}
            description={narrow ? undefined : t("wizard.steps.participantsHint")}
          >
            {airdropId !== undefined && detail && (
              <ParticipantsStep
                airdropId={airdropId}
                idType={draft.idType}
                participantCount={participantCount}
                totalWeight={detail.totalWeight}
                report={uploadReport}
                onReport={(next) => {
                  setUploadReport(next);
                  setErrors(({ participants: _cleared, ...rest }) => rest);
                }}
                errors={errors}
                locked={listLocked}
              />
            )}
          </Stepper.Step>
          <Stepper.Step
            label={narrow && step !== 2 ? undefined : t("wizard.steps.reward")}
            description={narrow ? undefined : t("wizard.steps.rewardHint")}
          >
            {detail && (
              <RewardStep
                draft={draft}
                errors={errors}
                onChange={change}
                detail={detail}
                locked={rewardLocked}
                logoUrl={logoUrl}
                logoError={logoError}
                onLogo={(file) => void onLogo(file)}
                onRemoveLogo={() => void onRemoveLogo()}
                logoBusy={uploadLogo.isPending || removeLogo.isPending}
                onDeposit={() => void onDeposit()}
                depositing={busy === "deposit"}
                steps={transactions.steps}
                chain={chain}
                nft={{
                  tokenIds,
                  onTokenIdsChange: changeTokenIds,
                  needed: nft.needed,
                  total: nft.total,
                  onFill: () => void nftFill.fill(draft, draft.tokenAddress.trim(), nft.needed),
                  filling: nftFill.filling,
                  fillNote: nftFill.note,
                }}
              />
            )}
          </Stepper.Step>
        </Stepper>

        <Group justify="space-between" mt="xl" gap="sm">
          <Group gap="sm">
            <Button
              variant="default"
              onClick={() => void onSaveDraft()}
              loading={busy === "save"}
              disabled={working && busy !== "save"}
              data-testid="wizard-save"
            >
              {t("wizard.saveDraft")}
            </Button>
            <Button variant="subtle" onClick={() => setPreviewOpened(true)} data-testid="wizard-preview">
              {t("wizard.preview")}
            </Button>
          </Group>
          <Group gap="sm">
            {step > 0 && (
              <Button
                variant="default"
                onClick={() => setStep(step - 1)}
                disabled={working}
                data-testid="wizard-previous"
              >
                {t("wizard.previous")}
              </Button>
            )}
            {step < stepCount - 1 ? (
              <Button
                onClick={() => void onNext()}
                loading={busy === "next"}
                disabled={working && busy !== "next"}
                data-testid="wizard-next"
              >
                {t("wizard.next")}
              </Button>
            ) : (
              <Button
                color="jade"
                onClick={() => void onFinish()}
                loading={busy === "finish"}
                disabled={working && busy !== "finish"}
                data-testid="wizard-finish"
              >
                {released ? t("wizard.saveAndView") : t("wizard.finish")}
              </Button>
            )}
          </Group>
        </Group>
      </Card>

      <Modal
        opened={previewOpened}
        onClose={() => setPreviewOpened(false)}
        title={t("preview.title")}
        size="xl"
        fullScreen={narrow}
        data-testid="wizard-preview-dialog"
      >
        <Stack gap="md">
          <CampaignBanner
            title={draft.title.trim()}
            description={draft.description.trim()}
            posterStyle={draft.posterStyle}
            status={detail?.status ?? airdropStatuses.draft}
            startAt={minuteInputToIso(draft.startAt) ?? ""}
            endAt={minuteInputToIso(draft.endAt) ?? ""}
            reward={rewardText(draft, draft.customToken ? draft.tokenSymbol : detail?.tokenSymbol)}
            chainId={draft.chainId}
            logoUrl={logoUrl}
          />
          <Group gap="lg">
            <Text size="sm">{t("preview.accountType", { type: t(`idTypes.${draft.idType}`) })}</Text>
            <Text size="sm">{t("preview.participants", { count: participantCount })}</Text>
            <Text size="sm">{t("preview.mode", { mode: t(`modes.${draft.mode}`) })}</Text>
            {detail?.requiredDeposit && (
              <Text size="sm">
                {t("preview.deposit", { amount: formatReward(detail.requiredDeposit, detail) })}
              </Text>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t("preview.note")}
          </Text>
        </Stack>
      </Modal>
    </Stack>
  );
}

function LoginNeeded({ viewer }: { viewer: AirdropViewer }) {
  const { t } = useTranslation("airdrop");
  return (
    <Card withBorder radius="lg" padding="xl" data-testid="wizard-login-needed">
      <Stack align="center" gap="sm">
        <Title order={2} fz="h3">
          {t("wizard.createTitle")}
        </Title>
        <Text c="dimmed" ta="center" maw={480}>
          {t("wizard.loginNeeded")}
        </Text>
        <Button onClick={viewer.login} disabled={!viewer.canLogin} leftSection={<IconWallet size={16} />}>
          {t("list.login")}
        </Button>
      </Stack>
    </Card>
  );
}

function EditLoader({ id, viewer }: { id: number; viewer: AirdropViewer }) {
  const { t } = useTranslation(["airdrop", "validation"]);
  const errorText = useAirdropErrorText();
  const airdrop = useAirdrop(id, viewer.walletAddress?.toLowerCase());
  if (airdrop.isError) {
    if (airdrop.error.name === "NotFoundError") throw airdrop.error;
    return (
      <Alert color="red" variant="light">
        {errorText(airdrop.error) ?? t("errors.unexpected")}
      </Alert>
    );
  }
  if (!airdrop.data) {
    return (
      <Center py="xl">
        <Loader type="dots" />
      </Center>
    );
  }
  if (!airdrop.data.isCreator) {
    return (
      <Alert color="red" variant="light" data-testid="wizard-not-creator">
        {t("validation:validation.picker.notCreator")}
      </Alert>
    );
  }
  return <Wizard initial={airdrop.data} viewer={viewer} />;
}

/** SPEC §2 `airdrop/create/{id?}`: the three-step wizard that creates, funds and releases an airdrop. */
export function AirdropWizardPage({ id, viewer }: AirdropWizardPageProps) {
  if (!viewer.walletAddress) return <LoginNeeded viewer={viewer} />;
  if (id === undefined) return <Wizard key="new" initial={undefined} viewer={viewer} />;
  return <EditLoader key={id} id={Number(id)} viewer={viewer} />;
}
