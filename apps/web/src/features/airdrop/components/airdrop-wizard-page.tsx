import { Alert, Button, Card, Center, Loader, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isNotFoundError } from "../../../shared/api/errors";
import { IconWallet } from "../../../shared/ui/icons";
import { useAirdrop } from "../api/get-airdrop";
import { useAirdropErrorText } from "../hooks/use-airdrop-error";
import type { AirdropViewer } from "../model/integrations";
import { AirdropWizard } from "./airdrop-wizard";

export type AirdropWizardPageProps = {
  /** The route's `{id?}`: edit that airdrop, or create a new one. */
  id: string | undefined;
  viewer: AirdropViewer;
};

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
    if (isNotFoundError(airdrop.error)) throw airdrop.error;
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
  return <AirdropWizard initial={airdrop.data} viewer={viewer} />;
}

/** `airdrop/create/{id?}`: the three-step wizard that creates, funds and releases an airdrop. */
export function AirdropWizardPage({ id, viewer }: AirdropWizardPageProps) {
  if (!viewer.walletAddress) return <LoginNeeded viewer={viewer} />;
  if (id === undefined) return <AirdropWizard key="new" initial={undefined} viewer={viewer} />;
  return <EditLoader key={id} id={Number(id)} viewer={viewer} />;
}
