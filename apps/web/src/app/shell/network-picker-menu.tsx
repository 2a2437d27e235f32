import { Menu } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ChainIcon } from "../../shared/ui/chain-icon";
import { IconCheck } from "../../shared/ui/icons";
import { NetworkPickerButton } from "./network-picker";
import type { useNetworkPicker } from "./use-network-picker";

/** The network picker's dropdown, loaded after the first paint. */
export default function NetworkPickerMenu({
  picker,
  defaultOpened,
}: {
  picker: ReturnType<typeof useNetworkPicker>;
  defaultOpened: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" width={240} withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <NetworkPickerButton selected={picker.selected} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("network.label")}</Menu.Label>
        {picker.chains.map((chain) => (
          <Menu.Item
            key={chain.id}
            leftSection={<ChainIcon icon={chain.icon} name={chain.name} />}
            rightSection={chain.id === picker.selected?.id ? <IconCheck size={14} /> : null}
            onClick={() => void picker.choose(chain)}
          >
            {chain.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
