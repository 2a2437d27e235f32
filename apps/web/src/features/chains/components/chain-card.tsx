import { Alert, Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ChainIcon } from "../../../shared/ui/chain-icon";
import { IconAlert, IconChevronDown, IconExternal, IconNetwork, IconWallet } from "../../../shared/ui/icons";
import type { ListedChain } from "../model/chain-search";
import { RpcEndpoints } from "./rpc-endpoints";

export type ChainCardProps = {
  chain: ListedChain;
  /** The platform's icon for a supported chain; registry chains show their initial (no third-party images). */
  icon: string | undefined;
  current: boolean;
  onAdd: () => Promise<void>;
  onSwitch: () => Promise<void>;
};

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <div style={{ minWidth: 0, textAlign: "right" }}>{children}</div>
    </Group>
  );
}

function useBusy() {
  const [busy, setBusy] = useState<"add" | "switch" | undefined>();
  const run = async (which: "add" | "switch", action: () => Promise<void>) => {
    setBusy(which);
    try {
      await action();
    } finally {
      setBusy(undefined);
    }
  };
  return { busy, run };
}

function ChainBadges({ chain, current }: { chain: ListedChain; current: boolean }) {
  const { t } = useTranslation("chain");
  return (
    <Group gap={4} wrap="wrap" justify="flex-end" style={{ flexShrink: 0 }}>
      {current && <Badge size="sm">{t("current")}</Badge>}
      {chain.supported && (
        <Badge size="sm" variant="filled" color="violet">
          {t("supported")}
        </Badge>
      )}
      {chain.deprecated && (
        <Badge size="sm" variant="light" color="gray">
          {t("deprecated")}
        </Badge>
      )}
      <Badge size="sm" variant="light" color={chain.testnet ? "orange" : "jade"}>
        {chain.testnet ? t("testnet") : t("mainnet")}
      </Badge>
    </Group>
  );
}

/** One network: ids, currency, explorer, a collision warning, its RPC endpoints on demand, add and switch. */
export function ChainCard({ chain, icon, current, onAdd, onSwitch }: ChainCardProps) {
  const { t } = useTranslation("chain");
  const [rpcOpened, setRpcOpened] = useState(false);
  const { busy, run } = useBusy();
  const explorer = chain.explorers[0];
  const hex = `0x${chain.id.toString(16)}`;
  const addable = chain.rpc.length > 0;
  return (
    <Card
      data-testid={`chain-${chain.id}`}
      style={current ? { borderColor: "var(--mantine-primary-color-filled)" } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <ChainIcon icon={icon} name={chain.name} size={36} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={700} truncate>
                {chain.name}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {t("chainId", { id: chain.id, hex })}
              </Text>
            </Stack>
          </Group>
          <ChainBadges chain={chain} current={current} />
        </Group>
        {chain.collisions && (
          <Alert
            color="orange"
            variant="light"
            p="xs"
            icon={<IconAlert size={16} />}
            data-testid="chain-collision"
          >
            <Text size="xs">{t("collision", { id: chain.id, names: chain.collisions.join(", ") })}</Text>
          </Alert>
        )}
        <Field label={t("currency")}>
          <Text size="sm" fw={600}>
            {chain.currency.symbol}{" "}
            <Text span size="xs" c="dimmed">
              {chain.currency.name}
            </Text>
          </Text>
        </Field>
        {explorer && (
          <Field label={t("explorer")}>
            <Button
              component="a"
              href={explorer}
              target="_blank"
              rel="noopener noreferrer"
              variant="subtle"
              size="compact-xs"
              rightSection={<IconExternal size={12} />}
              styles={{ label: { maxWidth: 200, overflow: "hidden", textOverflow: "ellipsis" } }}
            >
              {new URL(explorer).host}
            </Button>
          </Field>
        )}
        {addable ? (
          <Button
            variant="subtle"
            size="compact-sm"
            justify="flex-start"
            leftSection={<IconNetwork size={14} />}
            rightSection={
              <IconChevronDown size={14} style={{ transform: rpcOpened ? "rotate(180deg)" : undefined }} />
            }
            onClick={() => setRpcOpened((opened) => !opened)}
            aria-expanded={rpcOpened}
          >
            {t("rpcCount", { count: chain.rpc.length })}
          </Button>
        ) : (
          <Text size="xs" c="dimmed">
            {t("noRpc")}
          </Text>
        )}
        {rpcOpened && <RpcEndpoints urls={chain.rpc} />}
        <Group grow gap="xs" mt={4}>
          <Button
            variant="light"
            leftSection={<IconWallet size={16} />}
            loading={busy === "add"}
            disabled={!addable || busy !== undefined}
            onClick={() => void run("add", onAdd)}
          >
            {t("addToWallet")}
          </Button>
          <Button
            variant="default"
            loading={busy === "switch"}
            disabled={!addable || current || busy !== undefined}
            onClick={() => void run("switch", onSwitch)}
          >
            {t("switch")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
