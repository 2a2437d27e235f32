import { wheelMaxPrizes, wheelPrizeKinds } from "@dropfair/schemas/wheel";
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePointsSettings } from "../../../shared/api/get-platform-config";
import { IconX } from "../../../shared/ui/icons";
import type { CreateGameForm } from "../hooks/use-create-game";
import { kindNeeds, type PrizeRow, rowWeights } from "../model/create-form";
import { prizeOdds } from "../model/wheel-display";

function PrizeRowFields({ form, row, index }: { form: CreateGameForm; row: PrizeRow; index: number }) {
  const { t } = useTranslation("wheel");
  const pointName = usePointsSettings()?.pointName ?? "EP";
  const needs = kindNeeds(row.kind);
  const weights = rowWeights(form.values.prizes);
  const error = (field: string) => form.errorOf(`prizes.${index}.${field}`);
  const number = index + 1;
  return (
    <Card withBorder radius="md" padding="sm" data-testid={`create-prize-${index}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Text fw={600} size="sm">
              {t("create.prizes.row", { number })}
            </Text>
            <Badge variant="light" color="jade" data-testid={`create-prize-${index}-odds`}>
              {t("create.prizes.chance", { odds: prizeOdds(weights[index] ?? { weight: 0 }, weights) })}
            </Badge>
          </Group>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => form.removePrize(index)}
            disabled={form.values.prizes.length <= 1}
            aria-label={t("create.prizes.remove", { number })}
            data-testid={`create-prize-${index}-remove`}
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
          <NativeSelect
            label={t("create.prizes.kind")}
            data={wheelPrizeKinds.map((kind) => ({
              value: kind,
              label: t(`create.kinds.${kind}`, { pointName }),
            }))}
            value={row.kind}
            onChange={(event) =>
              form.setPrize(index, { kind: event.currentTarget.value as PrizeRow["kind"] })
            }
            data-testid={`create-prize-${index}-kind`}
          />
          {needs.amount && (
            <TextInput
              label={
                row.kind === "ep" ? t("create.prizes.epAmount", { pointName }) : t("create.prizes.amount")
              }
              value={row.amount}
              onChange={(event) => form.setPrize(index, { amount: event.currentTarget.value })}
              error={error("amount")}
              inputMode={row.kind === "ep" ? "numeric" : "decimal"}
              withAsterisk
              data-testid={`create-prize-${index}-amount`}
            />
          )}
          <TextInput
            label={t("create.prizes.label")}
            description={t("create.prizes.labelHint")}
            value={row.label}
            onChange={(event) => form.setPrize(index, { label: event.currentTarget.value })}
            error={error("label")}
            maxLength={40}
            data-testid={`create-prize-${index}-label`}
          />
        </SimpleGrid>
        {needs.token && (
          <TextInput
            label={row.kind === "nft" ? t("create.prizes.nftAddress") : t("create.prizes.tokenAddress")}
            placeholder="0x…"
            value={row.token}
            onChange={(event) => form.setPrize(index, { token: event.currentTarget.value })}
            error={error("token")}
            withAsterisk
            data-testid={`create-prize-${index}-token`}
          />
        )}
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
          <TextInput
            label={t("create.prizes.weight")}
            value={row.weight}
            onChange={(event) => form.setPrize(index, { weight: event.currentTarget.value })}
            error={error("weight")}
            inputMode="numeric"
            withAsterisk
            data-testid={`create-prize-${index}-weight`}
          />
          <TextInput
            label={t("create.prizes.count")}
            value={needs.count || !row.unlimited ? row.count : ""}
            placeholder={needs.count || !row.unlimited ? undefined : t("create.prizes.unlimited")}
            onChange={(event) => form.setPrize(index, { count: event.currentTarget.value })}
            error={error("count")}
            disabled={!needs.count && row.unlimited}
            inputMode="numeric"
            withAsterisk={needs.count}
            data-testid={`create-prize-${index}-count`}
          />
          {!needs.count && (
            <Checkbox
              label={t("create.prizes.unlimited")}
              checked={row.unlimited}
              onChange={(event) => form.setPrize(index, { unlimited: event.currentTarget.checked })}
              mt={{ base: 0, sm: 30 }}
              data-testid={`create-prize-${index}-unlimited`}
            />
          )}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** The prize rows: kind, amount, token, weight and count, each with its chance as the game page will show it. */
export function PrizeRows({ form }: { form: CreateGameForm }) {
  const { t } = useTranslation("wheel");
  const listError = form.errorOf("prizes");
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600}>{t("create.prizes.title")}</Text>
        <Text size="xs" c="dimmed">
          {t("create.prizes.hint")}
        </Text>
      </Group>
      {form.values.prizes.map((row, index) => (
        <PrizeRowFields key={row.key} form={form} row={row} index={index} />
      ))}
      {listError && (
        <Text c="red" size="sm">
          {listError}
        </Text>
      )}
      <Button
        variant="default"
        onClick={form.addPrize}
        disabled={form.values.prizes.length >= wheelMaxPrizes}
        style={{ alignSelf: "flex-start" }}
        data-testid="create-add-prize"
      >
        {t("create.prizes.add")}
      </Button>
    </Stack>
  );
}
