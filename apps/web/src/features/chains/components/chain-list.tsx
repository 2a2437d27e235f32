import {
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChainRecord } from "../../../shared/api/get-platform-config";
import { ChainIcon } from "../../../shared/ui/chain-icon";
import { IconCheck, IconCopy, IconExternal, IconWallet } from "../../../shared/ui/icons";

export type ChainListProps = {
  chains: readonly ChainRecord[] | undefined;
  selectedId: number | undefined;
  /** Asks the user's wallet to add the chain (EIP-3085). */
  onAddToWallet: (chain: ChainRecord) => Promise<void>;
};

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <div style={{ minWidth: 0, textAlign: "right" }}>{children}</div>
    </Group>
  );
}

function ChainCard({
  chain,
  selected,
  onAdd,
}: {
  chain: ChainRecord;
  selected: boolean;
  onAdd: () => Promise<void>;
}) {
  const { t } = useTranslation("chain");
  const [busy, setBusy] = useState(false);
  const rpc = chain.info.rpcUrls[0];
  const explorer = chain.info.blockExplorerUrls[0];
  return (
    <Card
      data-testid={`chain-${chain.id}`}
      style={selected ? { borderColor: "var(--mantine-primary-color-filled)" } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <ChainIcon icon={chain.icon} name={chain.name} size={36} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={700} truncate>
                {chain.name}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {t("chainId", { id: chain.id, hex: chain.info.chainId })}
              </Text>
            </Stack>
          </Group>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {selected && <Badge size="sm">{t("current")}</Badge>}
            <Badge size="sm" variant="light" color={chain.testnet ? "orange" : "jade"}>
              {chain.testnet ? t("testnet") : t("mainnet")}
            </Badge>
          </Group>
        </Group>
        <Field label={t("currency")}>
          <Text size="sm" fw={600}>
            {chain.info.nativeCurrency.symbol}
          </Text>
        </Field>
        {rpc && (
          <Field label={t("rpc")}>
            <CopyButton value={rpc}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t("copied") : t("copy")} withinPortal>
                  <Button
                    variant="subtle"
                    size="compact-xs"
                    onClick={copy}
                    rightSection={copied ? <IconCheck size={12} /> : <IconCopy size={12} />}
                    styles={{ label: { maxWidth: 180, overflow: "hidden", textOverflow: "ellipsis" } }}
                  >
                    {rpc.replace(/^https?:\/\//, "")}
                  </Button>
                </Tooltip>
              )}
            </CopyButton>
          </Field>
        )}
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
            >
              {new URL(explorer).host}
            </Button>
          </Field>
        )}
        <Button
          mt="xs"
          variant="light"
          leftSection={<IconWallet size={16} />}
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onAdd();
            } finally {
              setBusy(false);
            }
          }}
        >
          {t("addToWallet")}
        </Button>
      </Stack>
    </Card>
  );
}

/** The chain list: the platform's EVM networks, each addable to the user's wallet. */
export function ChainList({ chains, selectedId, onAddToWallet }: ChainListProps) {
  const { t } = useTranslation("chain");
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t("title")}
        </Title>
        <Text c="dimmed">{t("subtitle")}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {chains
          ? chains.map((chain) => (
              <ChainCard
                key={chain.id}
                chain={chain}
                selected={chain.id === selectedId}
                onAdd={() => onAddToWallet(chain)}
              />
            ))
          : [0, 1, 2, 3].map((index) => <Skeleton key={index} height={230} radius="lg" />)}
      </SimpleGrid>
    </Stack>
  );
}
