import { Alert, Button, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChainRecord } from "../../../shared/api/get-platform-config";
import { useRecordPayment } from "../api/record-payment";
import { usePaymentErrorText } from "../hooks/use-payment-error-text";
import { keepsIdempotencyKey, newIdempotencyKey } from "../model/idempotency-key";
import { parseTxHash } from "../model/payout-plan";
import { monospaceInput } from "./monospace-input";

/** Records a payment made elsewhere (a wallet, an exchange, a multisig): the API checks the transaction succeeded. */
export function ExternalPaymentForm({
  pickerId,
  chains,
  defaultChainId,
  onPaid,
}: {
  pickerId: number;
  chains: readonly ChainRecord[];
  defaultChainId: number | undefined;
  onPaid: () => void;
}) {
  const { t } = useTranslation(["picker-payments", "validation"]);
  const errorText = usePaymentErrorText();
  const record = useRecordPayment(pickerId);
  const [chainId, setChainId] = useState(String(defaultChainId ?? chains[0]?.id ?? ""));
  const [hash, setHash] = useState("");
  const [hashError, setHashError] = useState<string>();
  const [idempotencyKey, setIdempotencyKey] = useState(() => newIdempotencyKey("pay"));

  function submit() {
    const txHash = parseTxHash(hash);
    if (!txHash) {
      setHashError(t("external.hashInvalid"));
      return;
    }
    record.mutate(
      { input: { mode: "external", chainId: Number(chainId), txHash }, idempotencyKey },
      {
        onSuccess: onPaid,
        onError: (failure) => {
          if (!keepsIdempotencyKey(failure)) setIdempotencyKey(newIdempotencyKey("pay"));
        },
      },
    );
  }

  if (record.isSuccess) {
    return (
      <Alert color="jade" variant="light" title={t("external.doneTitle")} data-testid="external-done">
        {t("external.done")}
      </Alert>
    );
  }

  const failure = record.isError ? errorText(record.error) : undefined;
  return (
    <Stack gap="md" data-testid="pay-external-form">
      <Text size="sm" c="dimmed">
        {t("external.hint")}
      </Text>
      <Select
        label={t("external.network")}
        data={chains.map((chain) => ({ value: String(chain.id), label: chain.name }))}
        value={chainId}
        onChange={(value) => setChainId(value ?? "")}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        label={t("external.hash")}
        placeholder="0x…"
        value={hash}
        onChange={(event) => {
          setHash(event.currentTarget.value.trim());
          setHashError(undefined);
          if (record.isError) record.reset();
        }}
        error={hashError}
        spellCheck={false}
        autoComplete="off"
        styles={monospaceInput}
        data-testid="external-hash"
      />
      {failure && (
        <Alert color="red" variant="light" data-testid="external-error">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={submit} loading={record.isPending} disabled={!chainId} data-testid="external-submit">
          {t("external.submit")}
        </Button>
      </Group>
    </Stack>
  );
}
