import { Badge, Group, Modal, Stack, Text, UnstyledButton } from "@mantine/core";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { isMobileDevice } from "./device";
import { findWalletProvider, subscribeWalletDiscovery, walletDiscoveryVersion } from "./discovery";
import classes from "./wallet-dialog.module.css";
import { settleWalletDialog, useWalletDialog } from "./wallet-dialog-state";
import { WalletIcon } from "./wallet-icons";
import { dialogWallets, type WalletId } from "./wallets";

/** Wallet choice dialog: metamask, okx, tokenpocket, trust, plus the sandbox wallet in sandbox mode. */
export default function WalletDialogBody() {
  const { t } = useTranslation();
  const { opened, includeSandbox } = useWalletDialog();
  useSyncExternalStore(subscribeWalletDiscovery, walletDiscoveryVersion, walletDiscoveryVersion);
  const mobile = isMobileDevice();

  const options: WalletId[] = [...(includeSandbox ? (["sandbox"] as const) : []), ...dialogWallets];

  return (
    <Modal
      opened={opened}
      onClose={() => settleWalletDialog(null)}
      title={t("wallet.dialogTitle")}
      size="sm"
      zIndex={300}
    >
      <Stack gap="xs">
        {options.map((wallet) => {
          const detected =
            wallet === "sandbox" ||
            Boolean(findWalletProvider(wallet as Exclude<WalletId, "sandbox" | "injected">));
          return (
            <UnstyledButton
              key={wallet}
              className={classes.option}
              onClick={() => settleWalletDialog(wallet)}
              data-testid={`wallet-option-${wallet}`}
            >
              <Group gap="md" wrap="nowrap">
                <WalletIcon wallet={wallet} />
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600}>{t(`wallet.names.${wallet}`)}</Text>
                  {wallet === "sandbox" && (
                    <Text size="xs" c="dimmed">
                      {t("wallet.sandboxHint")}
                    </Text>
                  )}
                </Stack>
                {detected ? (
                  <Badge variant="light" size="sm">
                    {wallet === "sandbox" ? t("wallet.local") : t("wallet.detected")}
                  </Badge>
                ) : (
                  <Text size="xs" c="dimmed">
                    {mobile ? t("wallet.openApp") : t("wallet.install")}
                  </Text>
                )}
              </Group>
            </UnstyledButton>
          );
        })}
        <Text size="xs" c="dimmed" ta="center" mt="xs">
          {t("wallet.terms")}
        </Text>
      </Stack>
    </Modal>
  );
}
