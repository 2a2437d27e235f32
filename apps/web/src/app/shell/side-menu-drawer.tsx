import { shortAddress } from "@dropfair/core/address";
import {
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  useComputedColorScheme,
  useMantineColorScheme,
} from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { useIsAdmin } from "../../features/admin";
import { hasLogin, logout, useSession } from "../../features/auth";
import { PointsBadge } from "../../features/points";
import { logoutX, useXAccount, XSignInButton } from "../../features/x-auth";
import { usePlatformConfig } from "../../shared/api/get-platform-config";
import { useLocalizePath } from "../../shared/i18n/use-locale";
import { AddressAvatar } from "../../shared/ui/address-avatar";
import {
  IconChevronRight,
  IconExternal,
  IconLogout,
  IconMoon,
  IconSearch,
  IconSun,
} from "../../shared/ui/icons";
import { Logo } from "../../shared/ui/logo";
import { useRouteHandle } from "../route-handle";
import { LoginButton } from "./account-button";
import { LanguageSelector } from "./language-selector";
import { type MenuIcon, menuEntriesFor } from "./menu-entries";
import { filterMenu, menuClickAction, type ResolvedMenuEntry, resolveMenu, toggleGroup } from "./menu-model";
import { NetworkSelector } from "./network-selector";
import classes from "./shell.module.css";
import { sideMenu, useSideMenuOpened } from "./side-menu-state";

/** The search keyword is applied 1500 ms after the last keystroke. */
export const searchDebounceMs = 1500;

/** The side menu's avatar, address and X name; wallet login, and Sign in with X or X logout. */
function ProfileCard({ variant }: { variant: "common" | "pro" }) {
  const { t } = useTranslation();
  const loggedIn = useSession(hasLogin);
  const address = useSession((state) => state.userAddress);
  const x = useXAccount();
  const xLine = x.signedIn
    ? [x.name, x.username ? `@${x.username}` : undefined].filter(Boolean).join(" ")
    : loggedIn
      ? t("xAuth.notSignedIn")
      : t("account.connectHint");
  return (
    <div className={classes.profile}>
      <Group gap="sm" wrap="nowrap">
        <AddressAvatar
          address={loggedIn ? address : undefined}
          src={x.signedIn ? x.avatar : undefined}
          size={44}
          variant={variant}
        />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} ff={loggedIn ? "monospace" : undefined} truncate data-testid="side-menu-address">
            {loggedIn && address ? shortAddress(address) : t("account.notConnected")}
          </Text>
          <Text size="xs" c="dimmed" truncate data-testid="side-menu-x-account">
            {xLine || t("xAuth.account")}
          </Text>
        </Stack>
      </Group>
      {loggedIn && (
        <Suspense fallback={null}>
          <PointsBadge layout="card" />
        </Suspense>
      )}
      <Stack gap="xs" className={classes.profileAction}>
        {!loggedIn && <LoginButton fullWidth />}
        {x.signedIn ? (
          <Button
            variant="subtle"
            color="gray"
            size="xs"
            leftSection={<IconLogout size={14} />}
            onClick={() => void logoutX()}
            data-testid="x-logout"
          >
            {t("xAuth.logout")}
          </Button>
        ) : (
          <XSignInButton fullWidth variant="default" />
        )}
      </Stack>
    </div>
  );
}

function SearchBox() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [value, setValue] = useState(searchParams.get("keyword") ?? "");
  const apply = useDebouncedCallback((keyword: string) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (keyword.trim()) next.set("keyword", keyword.trim());
        else next.delete("keyword");
        return next;
      },
      { replace: true, preventScrollReset: true, state: { keepScroll: true } },
    );
  }, searchDebounceMs);
  return (
    <TextInput
      value={value}
      onChange={(event) => {
        setValue(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      leftSection={<IconSearch size={16} />}
      placeholder={t("menu.searchPlaceholder")}
      aria-label={t("menu.search")}
      data-testid="menu-search"
    />
  );
}

function MenuTree({ keyword, currentRoute }: { keyword: string; currentRoute: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const [groups, setGroups] = useState({ expanded: new Set<string>(), collapsed: new Set<string>() });
  const isAdmin = useIsAdmin();

  const label = (entry: ResolvedMenuEntry<MenuIcon>) =>
    entry.label ?? (entry.labelKey ? t(entry.labelKey) : entry.key);
  const entries = filterMenu(
    resolveMenu(menuEntriesFor(isAdmin), currentRoute, groups.expanded, groups.collapsed),
    keyword,
    label,
  );

  const onLeaf = (entry: ResolvedMenuEntry<MenuIcon>) => {
    switch (menuClickAction(entry, currentRoute)) {
      case "coming":
        notifications.show({
          id: `coming-${entry.key}`,
          title: label(entry),
          message: t("coming.notice"),
          color: "jade",
        });
        return;
      case "scroll-top":
        void import("../../shared/lib/smooth-scroll").then(({ animateScrollTo }) => animateScrollTo(0));
        sideMenu.close();
        return;
      case "external":
        window.open(entry.to, "_blank", "noopener,noreferrer");
        return;
      case "navigate":
        if (entry.to !== undefined) void navigate(localize(entry.to));
        sideMenu.close();
    }
  };

  const render = (entry: ResolvedMenuEntry<MenuIcon>, depth: number) => {
    const Icon = entry.icon;
    const tag = entry.isComing ? (
      <Badge size="xs" variant="light" color="gray">
        {t("coming.tag")}
      </Badge>
    ) : entry.tag ? (
      <Badge size="xs" variant="light" color="orange">
        {t(`menu.tags.${entry.tag}`)}
      </Badge>
    ) : null;

    if (entry.children) {
      return (
        <NavLink
          key={entry.key}
          label={label(entry)}
          leftSection={Icon ? <Icon size={18} /> : null}
          rightSection={
            <Group gap={6} wrap="nowrap">
              {tag}
              <IconChevronRight
                size={14}
                className={classes.chevron}
                data-expanded={entry.isExpanded || undefined}
              />
            </Group>
          }
          opened={entry.isExpanded}
          onChange={() => setGroups((state) => toggleGroup(state, entry.key, entry.isExpanded))}
          active={entry.isSelected}
          variant="subtle"
          className={classes.navItem}
          data-testid={`menu-${entry.key}`}
          data-selected={entry.isSelected || undefined}
          childrenOffset={28}
          disableRightSectionRotation
        >
          {entry.children.map((child) => render(child, depth + 1))}
        </NavLink>
      );
    }
    return (
      <NavLink
        key={entry.key}
        component="a"
        href={entry.to === undefined ? undefined : localize(entry.to)}
        onClick={(event: React.MouseEvent) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          onLeaf(entry);
        }}
        label={label(entry)}
        leftSection={Icon ? <Icon size={18} /> : null}
        rightSection={tag}
        active={entry.isSelected}
        variant="light"
        className={classes.navItem}
        data-testid={`menu-${entry.key}`}
        data-selected={entry.isSelected || undefined}
        aria-current={entry.isSelected ? "page" : undefined}
      />
    );
  };

  return (
    <nav aria-label={t("menu.title")}>
      {entries.map((entry) => render(entry, 0))}
      {entries.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {t("menu.noMatch", { keyword })}
        </Text>
      )}
    </nav>
  );
}

function ColorSchemeSwitch() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("light");
  const dark = computed === "dark";
  return (
    <Button
      variant="default"
      fullWidth
      leftSection={dark ? <IconSun size={16} /> : <IconMoon size={16} />}
      onClick={() => setColorScheme(dark ? "light" : "dark")}
    >
      {dark ? t("theme.light") : t("theme.dark")}
    </Button>
  );
}

/** The side menu: a drawer 80% of the screen wide, between 300 and 400 px. */
export default function SideMenuDrawer({ variant = "common" }: { variant?: "common" | "pro" }) {
  const { t } = useTranslation();
  const opened = useSideMenuOpened();
  const loggedIn = useSession(hasLogin);
  const config = usePlatformConfig();
  const { name: currentRoute } = useRouteHandle();
  const [searchParams] = useSearchParams();
  const keyword = searchParams.get("keyword") ?? "";

  return (
    <Drawer
      opened={opened}
      onClose={sideMenu.close}
      position="right"
      size="80%"
      padding={0}
      withCloseButton={false}
      classNames={{ content: classes.drawerContent, body: classes.drawerBody }}
      aria-label={t("menu.title")}
      data-testid="side-menu"
    >
      <ScrollArea.Autosize mah="100dvh" type="scroll">
        <Stack gap="md" p="md">
          <Group justify="space-between" wrap="nowrap">
            <Logo />
            <Drawer.CloseButton aria-label={t("dialog.close")} />
          </Group>
          <ProfileCard variant={variant} />
          <SearchBox />
          <MenuTree key={currentRoute} keyword={keyword} currentRoute={currentRoute} />
          <Divider />
          {config.data?.dashboardUrl && (
            <Button
              component="a"
              href={config.data.dashboardUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              rightSection={<IconExternal size={14} />}
              fullWidth
            >
              {t("nav.dashboard")}
            </Button>
          )}
          <Stack gap={6}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              {t("network.label")}
            </Text>
            <NetworkSelector />
          </Stack>
          <Stack gap={6}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              {t("language.label")}
            </Text>
            <LanguageSelector />
          </Stack>
          <ColorSchemeSwitch />
          {loggedIn && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconLogout size={16} />}
              onClick={() => {
                sideMenu.close();
                void logout();
              }}
              fullWidth
              data-testid="side-menu-logout"
            >
              {t("account.logout")}
            </Button>
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Drawer>
  );
}
