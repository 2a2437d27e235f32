import { wheelTitleMaxLength } from "@dropfair/schemas/codes";
import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { achievementLuckySlug, partnerActivities } from "../../../config/partners";
import { paths } from "../../../config/paths";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import { IconWallet } from "../../../shared/ui/icons";
import { type CreateGameForm, useCreateGame } from "../hooks/use-create-game";
import type { WheelViewer } from "../model/integrations";
import { PrizeRows } from "./prize-rows";

function GameFields({ form, isAdmin }: { form: CreateGameForm; isAdmin: boolean }) {
  const { t } = useTranslation("wheel");
  const { values } = form;
  return (
    <Stack gap="md">
      <TextInput
        label={t("create.fields.title")}
        value={values.title}
        onChange={(event) => form.set("title", event.currentTarget.value)}
        error={form.errorOf("title")}
        maxLength={wheelTitleMaxLength}
        withAsterisk
        data-testid="create-title"
      />
      <Textarea
        label={t("create.fields.description")}
        value={values.description}
        onChange={(event) => form.set("description", event.currentTarget.value)}
        error={form.errorOf("description")}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={2000}
        data-testid="create-description"
      />
      <Select
        label={t("create.fields.chain")}
        data={form.chains.map((chain) => ({ value: String(chain.id), label: chain.name }))}
        value={values.chainId || null}
        onChange={(value) => value && form.set("chainId", value)}
        error={form.errorOf("chainId")}
        description={form.chains.length === 0 ? t("create.fields.noChains") : undefined}
        allowDeselect={false}
        withAsterisk
        data-testid="create-chain"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          type="datetime-local"
          label={t("create.fields.startAt")}
          description={t("create.fields.utcHint")}
          value={values.startAt}
          onChange={(event) => form.set("startAt", event.currentTarget.value)}
          error={form.errorOf("startAt")}
          withAsterisk
          data-testid="create-start"
        />
        <TextInput
          type="datetime-local"
          label={t("create.fields.endAt")}
          description={t("create.fields.utcHint")}
          value={values.endAt}
          onChange={(event) => form.set("endAt", event.currentTarget.value)}
          error={form.errorOf("endAt")}
          withAsterisk
          data-testid="create-end"
        />
      </SimpleGrid>
      <Checkbox
        label={t("create.fields.dailyFreeTicket")}
        description={t("create.fields.dailyFreeTicketHint")}
        checked={values.dailyFreeTicket}
        onChange={(event) => form.set("dailyFreeTicket", event.currentTarget.checked)}
        data-testid="create-daily"
      />
      {isAdmin && (
        <Select
          label={t("create.fields.partner")}
          description={t("create.fields.partnerHint")}
          placeholder={t("create.fields.noPartner")}
          data={[
            ...partnerActivities.map((partner) => ({ value: partner.slug, label: partner.name })),
            { value: achievementLuckySlug, label: t("create.fields.achievementPartner") },
          ]}
          value={values.partnerSlug || null}
          onChange={(value) => form.set("partnerSlug", value ?? "")}
          error={form.errorOf("partnerSlug")}
          clearable
          data-testid="create-partner"
        />
      )}
    </Stack>
  );
}

function GameForm({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation("wheel");
  const form = useCreateGame();
  return (
    <form onSubmit={form.submit} noValidate data-testid="create-game-form">
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="lg">
          <GameFields form={form} isAdmin={isAdmin} />
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <PrizeRows form={form} />
        </Card>
        <Text size="sm" c="dimmed">
          {t("create.fundingNote")}
        </Text>
        {form.failure && (
          <Alert color="red" variant="light" data-testid="create-failure">
            {form.failure}
          </Alert>
        )}
        {form.hasErrors && (
          <Text c="red" size="sm" data-testid="create-has-errors">
            {t("create.errors.summary")}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={form.pending} data-testid="create-submit">
            {t("create.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** game/create: a new lucky wheel game for the signed-in wallet; partner games for administrators. */
export function CreateGamePage({ viewer, isAdmin }: { viewer: WheelViewer; isAdmin: boolean }) {
  const { t } = useTranslation("wheel");
  return (
    <Stack gap="lg" maw={860} data-testid="create-game-page">
      <Anchor component={LocaleLink} to={paths.game.build()} size="sm">
        ← {t("game.back")}
      </Anchor>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t("create.title")}
        </Title>
        <Text c="dimmed">{t("create.subtitle")}</Text>
      </Stack>
      {viewer.walletAddress ? (
        <GameForm key={viewer.walletAddress} isAdmin={isAdmin} />
      ) : (
        <Card withBorder radius="lg">
          <Center p="xl">
            <Stack align="center" gap="sm" data-testid="create-login-needed">
              <Text c="dimmed" ta="center">
                {t("create.loginNeeded")}
              </Text>
              <Button
                onClick={viewer.login}
                disabled={!viewer.canLogin}
                leftSection={<IconWallet size={16} />}
              >
                {t("signIn")}
              </Button>
            </Stack>
          </Center>
        </Card>
      )}
    </Stack>
  );
}
