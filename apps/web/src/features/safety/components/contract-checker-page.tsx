import { isEvmAddress, toChecksumAddress } from "@dropfair/core/address";
import { Alert, Button, Group, Loader, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ChainRecord, usePlatformConfig } from "../../../shared/api/get-platform-config";
import { IconAlert } from "../../../shared/ui/icons";
import { useWalletConnection } from "../../../shared/wallet/wallet-state";
import { type ContractCheckState, useContractCheck } from "../hooks/use-contract-check";
import { initialChainId } from "../model/chain-choice";
import { ChainSelect } from "./chain-select";
import { FindingsList } from "./findings-list";

export type ContractCheckerPageProps = {
  /** A link to the approvals page, rendered by the route. */
  approvalsLink: React.ReactNode;
};

/** The contract checker: an address on a chain → what it is and, for a contract, its findings. */
export function ContractCheckerPage({ approvalsLink }: ContractCheckerPageProps) {
  const { t } = useTranslation(["safety", "validation"]);
  const config = usePlatformConfig();
  const chains = config.data?.chains ?? [];
  const walletChainId = useWalletConnection((state) =>
    state.status === "connected" ? state.chainId : undefined,
  );
  const [chainId, setChainId] = useState<number | undefined>();
  const [address, setAddress] = useState("");
  const [formatError, setFormatError] = useState(false);
  const contract = useContractCheck({ explorer: config.data?.safe?.explorer ?? false });
  const chain: ChainRecord | undefined = chains.find(
    (candidate) => candidate.id === (chainId ?? initialChainId(chains, walletChainId)),
  );

  function check() {
    if (!chain) return;
    const value = address.trim();
    if (!isEvmAddress(value)) {
      setFormatError(true);
      contract.reset();
      return;
    }
    setFormatError(false);
    void contract.run(chain, toChecksumAddress(value));
  }

  return (
    <Stack gap="md" maw={960} mx="auto" w="100%">
      <Stack gap={4}>
        <Title order={2}>{t("safety:checker.title")}</Title>
        <Text c="dimmed">{t("safety:checker.description")}</Text>
        {approvalsLink}
      </Stack>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <ChainSelect chains={chains} value={chain?.id} onChange={setChainId} />
        <TextInput
          style={{ flex: "1 1 300px" }}
          label={t("safety:checker.address")}
          placeholder="0x…"
          value={address}
          error={formatError ? t("validation:validation.safeCheck.addressFormat") : undefined}
          onChange={(event) => setAddress(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") check();
          }}
          data-testid="checker-address"
        />
        <Button mt={25} onClick={check} disabled={!chain} loading={contract.state.status === "checking"}>
          {t("safety:checker.check")}
        </Button>
      </Group>
      <CheckResult state={contract.state} onRetry={check} />
    </Stack>
  );
}

function CheckResult({ state, onRetry }: { state: ContractCheckState; onRetry: () => void }) {
  const { t } = useTranslation(["safety", "validation"]);
  if (state.status === "idle") return null;
  if (state.status === "checking") return <Loader size="sm" />;
  if (state.status === "failed") {
    return (
      <Alert
        color="red"
        icon={<IconAlert size={18} />}
        title={t("safety:checker.failedTitle")}
        data-testid="checker-failed"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t("safety:checker.failed")}</Text>
          <Button size="xs" onClick={onRetry}>
            {t("safety:approvals.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const { check } = state;
  if (check.status === "notContract" || check.status === "selfDestructed") {
    return (
      <Alert
        color="orange"
        icon={<IconAlert size={18} />}
        data-testid="checker-verdict"
        data-status={check.status}
      >
        <Text>{t(`validation:validation.safeCheck.${check.status}`)}</Text>
        {check.status === "notContract" && check.delegatesTo ? (
          <Text size="sm" mt={4}>
            {t("safety:checker.delegated", { address: check.delegatesTo })}
          </Text>
        ) : null}
      </Alert>
    );
  }
  return (
    <Stack gap="sm" data-testid="checker-verdict" data-status={check.status}>
      <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {t("safety:checker.summary", { address: check.address, chain: state.chainName })}
      </Text>
      <FindingsList findings={check.findings} />
    </Stack>
  );
}
