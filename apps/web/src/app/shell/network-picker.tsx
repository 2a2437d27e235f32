import { Button, Group, Skeleton, Text, UnstyledButton } from "@mantine/core";
import { type ComponentPropsWithoutRef, forwardRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChainRecord } from "../../shared/api/get-platform-config";
import { ChainIcon } from "../../shared/ui/chain-icon";
import { IconAlert, IconChevronDown } from "../../shared/ui/icons";
import { deferredComponent } from "../../shared/ui/lazy-when-opened";
import classes from "./shell.module.css";
import { useNetworkPicker } from "./use-network-picker";

type PickerButtonProps = ComponentPropsWithoutRef<"button"> & { selected: ChainRecord | undefined };

/** The picker's face; the same element serves as the menu target once the menu has loaded. */
export const NetworkPickerButton = forwardRef<HTMLButtonElement, PickerButtonProps>(
  function NetworkPickerButton({ selected, ...props }, ref) {
    const { t } = useTranslation();
    return (
      <UnstyledButton
        ref={ref}
        className={classes.pill}
        data-testid="network-picker"
        aria-label={t("network.label")}
        {...props}
      >
        <Group gap={8} wrap="nowrap">
          {selected ? (
            <ChainIcon icon={selected.icon} name={selected.name} />
          ) : (
            <span className={classes.dot} />
          )}
          <Text size="sm" fw={600} truncate maw={130}>
            {selected?.name ?? t("network.none")}
          </Text>
          <IconChevronDown size={14} />
        </Group>
      </UnstyledButton>
    );
  },
);

const useNetworkPickerMenu = deferredComponent(() => import("./network-picker-menu"));

/** The top bar's network picker; hidden on narrow screens (below 768 px), where the side menu offers it. */
export function NetworkPicker() {
  const { t } = useTranslation();
  const picker = useNetworkPicker();
  const [Menu, requestMenu] = useNetworkPickerMenu();
  const [openOnLoad, setOpenOnLoad] = useState(false);

  if (picker.loading) return <Skeleton height={36} width={140} radius="xl" />;

  if (picker.wrongNetwork && picker.selected) {
    return (
      <Button
        color="red"
        variant="light"
        leftSection={<IconAlert size={16} />}
        loading={picker.isSwitching}
        onClick={() => void picker.switchToSelected()}
        data-testid="network-picker"
      >
        {t("network.switchTo", { name: picker.selected.name })}
      </Button>
    );
  }

  if (Menu) return <Menu picker={picker} defaultOpened={openOnLoad} />;
  return (
    <NetworkPickerButton
      selected={picker.selected}
      onPointerEnter={requestMenu}
      onFocus={requestMenu}
      onClick={() => {
        setOpenOnLoad(true);
        requestMenu();
      }}
    />
  );
}
