import { Avatar, Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

export type RewardLogoFieldProps = {
  logoUrl: string | undefined;
  logoError: string | undefined;
  onLogo: (file: File | null) => void;
  onRemoveLogo: () => void;
  logoBusy: boolean;
};

/** A custom token's logo: the current one, upload and remove, and the size hint or what went wrong. */
export function RewardLogoField({
  logoUrl,
  logoError,
  onLogo,
  onRemoveLogo,
  logoBusy,
}: RewardLogoFieldProps) {
  const { t } = useTranslation("airdrop");
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t("wizard.fields.logo")}
      </Text>
      <Group gap="sm">
        {logoUrl && <Avatar src={logoUrl} size={36} radius="xl" alt="" data-testid="logo-preview" />}
        <FileButton onChange={onLogo} accept="image/png,image/jpeg,image/webp">
          {(props) => (
            <Button variant="default" size="xs" loading={logoBusy} {...props} data-testid="logo-upload">
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
  );
}
