import { shortAddress } from "@dropfair/core/address";
import { CopyButton, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { paths } from "../../config/paths";
import { logout, useSession } from "../../features/auth";
import { PointsBadge } from "../../features/points";
import { logoutX, startXSignIn, useXAccount } from "../../features/x-auth";
import { LocaleLink } from "../../shared/i18n/locale-link";
import { AddressAvatar } from "../../shared/ui/address-avatar";
import {
  IconCheck,
  IconChevronDown,
  IconCopy,
  IconLogout,
  IconTrophy,
  IconUsers,
  IconX,
} from "../../shared/ui/icons";
import classes from "./shell.module.css";

/** The user dropdown: short address, copy, account links and logout. */
export default function AccountMenu({ variant }: { variant: "common" | "pro" }) {
  const { t } = useTranslation();
  const address = useSession((state) => state.userAddress);
  const x = useXAccount();
  if (!address) return null;
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.pill} data-testid="user-dropdown" aria-label={t("account.menu")}>
          <Group gap={6} wrap="nowrap">
            <span className={classes.hideOnPhone}>
              <AddressAvatar address={address} src={x.avatar} size={24} variant={variant} />
            </span>
            <Text size="sm" fw={600} ff="monospace" data-testid="user-address">
              {shortAddress(address)}
            </Text>
            <IconChevronDown size={14} className={classes.hideOnPhone} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("account.signedInAs")}</Menu.Label>
        <CopyButton value={address}>
          {({ copied, copy }) => (
            <Menu.Item
              closeMenuOnClick={false}
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            >
              <Text size="sm" ff="monospace">
                {copied ? t("account.copied") : shortAddress(address)}
              </Text>
            </Menu.Item>
          )}
        </CopyButton>
        <Menu.Item component={LocaleLink} to={paths.points.build()} data-testid="user-dropdown-points">
          <Suspense fallback={null}>
            <PointsBadge layout="inline" />
          </Suspense>
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>{t("xAuth.account")}</Menu.Label>
        {x.signedIn ? (
          <>
            <Group gap={10} px="sm" py={6} wrap="nowrap" data-testid="user-dropdown-x-account">
              <IconX size={14} />
              <Text size="sm" truncate>
                {[x.name, x.username ? `@${x.username}` : undefined].filter(Boolean).join(" ")}
              </Text>
            </Group>
            <Menu.Item
              leftSection={<IconLogout size={16} />}
              onClick={() => void logoutX()}
              data-testid="user-dropdown-x-logout"
            >
              {t("xAuth.logout")}
            </Menu.Item>
          </>
        ) : (
          <Menu.Item
            leftSection={<IconX size={14} />}
            onClick={() => void startXSignIn()}
            data-testid="user-dropdown-x-sign-in"
          >
            {t("xAuth.signIn")}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          component={LocaleLink}
          to={paths.achievement.build()}
          leftSection={<IconTrophy size={16} />}
        >
          {t("menu.achievement")}
        </Menu.Item>
        <Menu.Item component={LocaleLink} to={paths.referral.build()} leftSection={<IconUsers size={16} />}>
          {t("menu.referral")}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => void logout()}
          data-testid="logout"
        >
          {t("account.logout")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
