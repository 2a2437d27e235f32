import type { LiveAllowance } from "@dropfair/chain/approvals";
import { isEvmAddress, sameAddress, toChecksumAddress } from "@dropfair/core/address";
import { Alert, Button, Group, Progress, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { type ChainRecord, usePlatformConfig } from "../../../shared/api/get-platform-config";
import { useLocale } from "../../../shared/i18n/use-locale";
import { IconAlert } from "../../../shared/ui/icons";
import { messageDialog } from "../../../shared/ui/message-dialog-state";
import { connectWallet } from "../../../shared/wallet/transactions";
import { walletErrorText } from "../../../shared/wallet/wallet-error-text";
import { useWalletConnection } from "../../../shared/wallet/wallet-state";
import { useApprovalScan } from "../hooks/use-approval-scan";
import { initialChainId } from "../model/chain-choice";
import { allowanceRowKey } from "../model/format-allowance";
import { knownSpenders } from "../model/known-spenders";
import { revokeErrorText } from "../model/revoke-error";
import { revokeAllowance } from "../wallet/revoke";
import { ApprovalRow } from "./approval-row";
import { ChainSelect } from "./chain-select";

export type ApprovalsPageProps = {
  /** A link to the contract checker, rendered by the route. */
  checkerLink: React.ReactNode;
};

function percentOf(progress: { scannedTo: bigint; fromBlock: bigint; toBlock: bigint } | undefined): number {
  if (!progress) return 0;
  const total = progress.toBlock - progress.fromBlock + 1n;
  if (total <= 0n) return 100;
  return Number(((progress.scannedTo - progress.fromBlock + 1n) * 100n) / total);
}

/** Approvals like revoke.cash: every live allowance of a wallet on a chain, each revocable in one transaction. */
export function ApprovalsPage({ checkerLink }: ApprovalsPageProps) {
  const { t } = useTranslation(["safety", "common", "validation"]);
  const locale = useLocale();
  const config = usePlatformConfig();
  const chains = config.data?.chains ?? [];
  const wallet = useWalletConnection((state) => (state.status === "connected" ? state : undefined));
  const [chainId, setChainId] = useState<number | undefined>();
  const [typed, setTyped] = useState("");
  const [addressError, setAddressError] = useState<string | undefined>();
  const [revoking, setRevoking] = useState<string | undefined>();
  const scan = useApprovalScan();

  const chain: ChainRecord | undefined = chains.find(
    (candidate) => candidate.id === (chainId ?? initialChainId(chains, wallet?.chainId)),
  );
  const owner = typed.trim() === "" ? wallet?.address : typed.trim();
  const names = useMemo(() => knownSpenders(config.data, chain?.id ?? 0), [config.data, chain?.id]);
  const ownsScanned = scan.state.status === "done" && sameAddress(scan.state.result.owner, wallet?.address);

  function start() {
    if (!chain || !owner) return;
    if (!isEvmAddress(owner)) {
      setAddressError(t("validation:validation.address.invalid"));
      return;
    }
    setAddressError(undefined);
    scan.start(chain, toChecksumAddress(owner));
  }

  // The connected wallet is looked up at once; a typed address waits for the button.
  const autoKey =
    typed.trim() === "" && wallet?.address && chain ? `${chain.id}:${wallet.address}` : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: start reads the current values; the key says when to run
  useEffect(() => {
    if (autoKey) start();
  }, [autoKey]);

  async function connect() {
    try {
      await connectWallet({ chains, sandbox: config.data?.sandbox ?? false });
    } catch (error) {
      const message = walletErrorText(t, error);
      if (message) void messageDialog.error(message);
    }
  }

  async function revoke(allowance: LiveAllowance) {
    if (!chain || scan.state.status !== "done" || !config.data) return;
    const key = allowanceRowKey(allowance);
    setRevoking(key);
    try {
      await revokeAllowance(config.data, chain, scan.state.result.owner as Address, allowance);
      notifications.show({ color: "jade", message: t("safety:approvals.revoked") });
      scan.resume();
    } catch (error) {
      const message = revokeErrorText(t, error);
      if (message) void messageDialog.error(message);
    } finally {
      setRevoking(undefined);
    }
  }

  return (
    <Stack gap="md" maw={960} mx="auto" w="100%">
      <Stack gap={4}>
        <Title order={2}>{t("safety:approvals.title")}</Title>
        <Text c="dimmed">{t("safety:approvals.description")}</Text>
        {checkerLink}
      </Stack>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <ChainSelect chains={chains} value={chain?.id} onChange={setChainId} />
        <TextInput
          style={{ flex: "1 1 300px" }}
          label={t("safety:approvals.address")}
          placeholder={wallet?.address ?? t("safety:approvals.addressPlaceholder")}
          value={typed}
          error={addressError}
          onChange={(event) => setTyped(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") start();
          }}
          data-testid="approvals-address"
        />
        <Button onClick={start} disabled={!chain || !owner} loading={scan.state.status === "scanning"}>
          {t("safety:approvals.scan")}
        </Button>
        {wallet ? null : (
          <Button variant="default" onClick={connect}>
            {t("safety:approvals.connect")}
          </Button>
        )}
      </Group>
      <ScanBody
        state={scan.state}
        onRetry={scan.resume}
        renderRow={(allowance) => {
          const key = allowanceRowKey(allowance);
          return (
            <ApprovalRow
              key={key}
              allowance={allowance}
              spenderName={names.get(allowance.spender.toLowerCase())}
              onRevoke={ownsScanned ? () => void revoke(allowance) : undefined}
              revoking={revoking === key}
              locale={locale}
            />
          );
        }}
      />
    </Stack>
  );
}

function ScanBody(props: {
  state: ReturnType<typeof useApprovalScan>["state"];
  onRetry: () => void;
  renderRow: (allowance: LiveAllowance) => React.ReactNode;
}) {
  const { t } = useTranslation("safety");
  const { state } = props;
  if (state.status === "idle") return <Text c="dimmed">{t("approvals.idle")}</Text>;
  if (state.status === "scanning") {
    const percent = percentOf(state.progress);
    return (
      <Stack gap={4} data-testid="approvals-progress">
        <Progress value={percent} animated />
        <Text size="sm" c="dimmed">
          {t("approvals.scanning", { percent, events: state.progress?.events ?? 0 })}
        </Text>
      </Stack>
    );
  }
  if (state.status === "failed") {
    return (
      <Alert
        color="red"
        icon={<IconAlert size={18} />}
        title={t("approvals.failedTitle")}
        data-testid="approvals-failed"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t("approvals.failed")}</Text>
          <Button size="xs" onClick={props.onRetry} data-testid="approvals-retry">
            {t("approvals.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const { allowances } = state.result;
  return (
    <Stack gap="sm" data-testid="approvals-list">
      <Text size="sm" c="dimmed">
        {t("approvals.found", { count: allowances.length, block: state.result.scannedTo.toString() })}
      </Text>
      {allowances.length === 0 ? <Text>{t("approvals.none")}</Text> : allowances.map(props.renderRow)}
    </Stack>
  );
}
