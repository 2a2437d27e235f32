import { Button, Group, Skeleton, Text, UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ChainIcon } from "../../shared/ui/chain-icon";
import classes from "./shell.module.css";
import { useNetworkPicker } from "./use-network-picker";

/** The side menu's network selector: the same choices as the top bar picker, as chips. */
export function NetworkSelector() {
  const { t } = useTranslation();
  const picker = useNetworkPicker();
  if (picker.loading) return <Skeleton height={36} radius="md" />;
  return (
    <Group gap={6}>
      {picker.wrongNetwork && picker.selected && (
        <Button
          fullWidth
          color="red"
          variant="light"
          size="xs"
          loading={picker.isSwitching}
          onClick={() => void picker.switchToSelected()}
        >
          {t("network.switchTo", { name: picker.selected.name })}
        </Button>
      )}
      {picker.chains.map((chain) => (
        <UnstyledButton
          key={chain.id}
          className={classes.chainChip}
          data-active={chain.id === picker.selected?.id || undefined}
          onClick={() => void picker.choose(chain)}
          aria-pressed={chain.id === picker.selected?.id}
        >
          <Group gap={6} wrap="nowrap">
            <ChainIcon icon={chain.icon} name={chain.name} size={18} />
            <Text size="xs" fw={600}>
              {chain.name}
            </Text>
          </Group>
        </UnstyledButton>
      ))}
    </Group>
  );
}
