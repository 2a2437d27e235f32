import { isEvmAddress } from "@dropfair/core/address";
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useGrantPoints } from "../api/grant-points";
import { parseGrantAmount } from "../model/points-display";

type Errors = Partial<Record<"address" | "amount" | "reason", string>>;

/** Administrators grant points to a wallet, or revoke them with a negative amount; the server audits it. */
export function GrantForm({ pointName }: { pointName: string }) {
  const { t } = useTranslation("points");
  const grant = useGrantPoints();
  const [address, setAddress] = useState("");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Errors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseGrantAmount(amount);
    const found: Errors = {};
    if (!isEvmAddress(address.trim())) found.address = t("grant.addressInvalid");
    if (parsed === undefined) found.amount = t("grant.amountInvalid");
    if (reason.trim() === "" || reason.trim().length > 200) found.reason = t("grant.reasonInvalid");
    setErrors(found);
    if (parsed === undefined || Object.keys(found).length > 0) return;
    grant.mutate(
      { address: address.trim(), amount: parsed, reason: reason.trim() },
      {
        onSuccess: (result) => {
          notifications.show({
            color: "jade",
            message: t(result.amount > 0 ? "grant.granted" : "grant.revoked", {
              amount: Math.abs(result.amount),
              pointName,
              balance: result.balance,
            }),
          });
          setAmount("");
          setReason("");
        },
        onError: (error) => notifications.show({ color: "red", message: error.message }),
      },
    );
  }

  return (
    <Card withBorder padding="lg" data-testid="points-grant">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={3}>{t("grant.title", { pointName })}</Title>
          <Text size="sm" c="dimmed">
            {t("grant.hint")}
          </Text>
          <TextInput
            label={t("grant.address")}
            value={address}
            onChange={(event) => setAddress(event.currentTarget.value)}
            error={errors.address}
            ff="monospace"
            placeholder="0x…"
            data-testid="grant-address"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t("grant.amount", { pointName })}
              value={amount}
              onChange={(event) => setAmount(event.currentTarget.value)}
              error={errors.amount}
              inputMode="numeric"
              data-testid="grant-amount"
            />
            <TextInput
              label={t("grant.reason")}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={errors.reason}
              maxLength={200}
              data-testid="grant-reason"
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={grant.isPending} data-testid="grant-submit">
              {t("grant.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
