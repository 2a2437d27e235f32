import { Badge, Burger, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { paths } from "../../config/paths";
import { usePlatformConfig } from "../../shared/api/get-platform-config";
import { LocaleLink } from "../../shared/i18n/locale-link";
import { IconExternal } from "../../shared/ui/icons";
import { Logo } from "../../shared/ui/logo";
import { AccountButton } from "./account-button";
import { LanguageToggle } from "./language-toggle";
import { NetworkPicker } from "./network-picker";
import classes from "./shell.module.css";
import { sideMenu, useSideMenuOpened } from "./side-menu-state";

export function SandboxBadge() {
  const { t } = useTranslation();
  const config = usePlatformConfig();
  if (!config.data?.sandbox) return null;
  return (
    <Badge
      color="orange"
      variant="light"
      size="sm"
      className={classes.sandboxBadge}
      title={t("sandbox.hint")}
      data-testid="sandbox-badge"
    >
      {t("sandbox.badge")}
    </Badge>
  );
}

/** The top bar: logo → picker2, dashboard link, network picker, user dropdown or login, language, menu. */
export function TopBar({ variant = "common" }: { variant?: "common" | "pro" }) {
  const { t } = useTranslation();
  const config = usePlatformConfig();
  const opened = useSideMenuOpened();
  return (
    <header className={classes.header} data-variant={variant}>
      <div className={classes.headerInner}>
        <Group gap={10} wrap="nowrap" className={classes.brand}>
          <LocaleLink
            to={paths.picker2.build()}
            className={classes.logoLink}
            aria-label={t("nav.logo")}
            data-testid="logo"
          >
            <Logo wordmarkClassName={classes.hideOnPhone} />
          </LocaleLink>
          <SandboxBadge />
        </Group>
        <Group gap={8} wrap="nowrap" className={classes.actions}>
          {config.data?.dashboardUrl && (
            <a
              className={classes.dashboardLink}
              href={config.data.dashboardUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="dashboard-link"
            >
              {t("nav.dashboard")}
              <IconExternal size={14} />
            </a>
          )}
          <div className={classes.networkSlot} data-testid="network-slot">
            <NetworkPicker />
          </div>
          <LanguageToggle />
          <AccountButton variant={variant} />
          <Burger
            opened={opened}
            onClick={sideMenu.toggle}
            size="sm"
            aria-label={t("nav.openMenu")}
            data-testid="menu-button"
          />
        </Group>
      </div>
    </header>
  );
}
