import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDeferredValue, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChainRecord } from "../../../shared/api/get-platform-config";
import { IconAlert, IconSearch } from "../../../shared/ui/icons";
import { useChainRegistry } from "../api/get-registry";
import { buildChainIndex, type ListedChain, type NetworkFilter, searchChains } from "../model/chain-search";
import { collisionCount, listChains } from "../model/listed-chains";
import { walletRecord } from "../model/wallet-record";
import { ChainCard } from "./chain-card";

export type ChainListProps = {
  /** The platform's networks (its configuration); they lead the list. */
  supported: readonly ChainRecord[] | undefined;
  /** The chain the connected wallet is on, if a wallet is connected. */
  walletChainId: number | undefined;
  /** Asks the wallet to add the chain (EIP-3085). */
  onAddToWallet: (chain: ChainRecord) => Promise<void>;
  /** Asks the wallet to switch to the chain (EIP-3326), adding it first when the wallet does not know it. */
  onSwitch: (chain: ChainRecord) => Promise<void>;
};

/** Cards shown at first and added per "show more": the DOM never holds the whole registry. */
const pageSize = 24;

function recordFor(chain: ListedChain, supported: readonly ChainRecord[]): ChainRecord | undefined {
  return supported.find((record) => record.id === chain.id) ?? walletRecord(chain);
}

function SearchBar(props: {
  query: string;
  onQuery: (query: string) => void;
  filter: NetworkFilter;
  onFilter: (filter: NetworkFilter) => void;
}) {
  const { t } = useTranslation("chain");
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        style={{ flex: "1 1 260px" }}
        leftSection={<IconSearch size={16} />}
        placeholder={t("search.placeholder")}
        aria-label={t("search.label")}
        value={props.query}
        onChange={(event) => props.onQuery(event.currentTarget.value)}
        data-testid="chain-search"
      />
      <SegmentedControl
        value={props.filter}
        onChange={(value) => props.onFilter(value as NetworkFilter)}
        data={[
          { value: "all", label: t("filter.all") },
          { value: "mainnet", label: t("filter.mainnet") },
          { value: "testnet", label: t("filter.testnet") },
        ]}
        aria-label={t("filter.label")}
      />
    </Group>
  );
}

/**
 * The chain list: the whole public EVM registry with the platform's networks on top, searchable by name,
 * symbol or chain id and filterable by kind; each chain can be added to or switched to in the wallet.
 */
export function ChainList({ supported, walletChainId, onAddToWallet, onSwitch }: ChainListProps) {
  const { t, i18n } = useTranslation(["chain", "validation"]);
  const registry = useChainRegistry();
  const [query, setQuery] = useState("");
  const [filter, setFilter] = useState<NetworkFilter>("all");
  const [shown, setShown] = useState(pageSize);
  const deferredQuery = useDeferredValue(query);

  const supportedChains = supported ?? [];
  const index = useMemo(
    () => (registry.data ? buildChainIndex(listChains(registry.data.chains, supported ?? [])) : undefined),
    [registry.data, supported],
  );
  const results = useMemo(
    () => (index ? searchChains(index, deferredQuery, filter) : []),
    [index, deferredQuery, filter],
  );
  const walletUnsupported =
    walletChainId !== undefined &&
    supported !== undefined &&
    !supported.some((record) => record.id === walletChainId);
  const number = (value: number) => value.toLocaleString(i18n.language === "cn" ? "zh-CN" : "en-US");

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t("title")}
        </Title>
        <Text c="dimmed">{t("subtitle")}</Text>
      </Stack>
      {walletUnsupported && (
        <Alert color="orange" icon={<IconAlert size={18} />} data-testid="wallet-unsupported">
          {t("validation:validation.network.unsupported")}
        </Alert>
      )}
      <SearchBar
        query={query}
        onQuery={(value) => {
          setQuery(value);
          setShown(pageSize);
        }}
        filter={filter}
        onFilter={(value) => {
          setFilter(value);
          setShown(pageSize);
        }}
      />
      {registry.isError && (
        <Alert color="red" title={t("registryError")}>
          <Button size="xs" variant="default" onClick={() => void registry.refetch()}>
            {t("retry")}
          </Button>
        </Alert>
      )}
      {index && (
        <Text size="sm" c="dimmed" data-testid="chain-count">
          {t("count", { shown: number(results.length), total: number(index.chains.length) })}
          {collisionCount(index.chains) > 0 &&
            ` · ${t("collisionsNote", { count: collisionCount(index.chains) })}`}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {index
          ? results
              .slice(0, shown)
              .map((chain) => (
                <ChainCardFor
                  key={chain.id}
                  chain={chain}
                  supported={supportedChains}
                  walletChainId={walletChainId}
                  onAddToWallet={onAddToWallet}
                  onSwitch={onSwitch}
                />
              ))
          : !registry.isError && [0, 1, 2, 3].map((key) => <Skeleton key={key} height={230} radius="lg" />)}
      </SimpleGrid>
      {index && results.length === 0 && (
        <Text c="dimmed" ta="center" py="xl" data-testid="chain-empty">
          {t("empty", { query: deferredQuery.trim() })}
        </Text>
      )}
      {results.length > shown && (
        <Group justify="center">
          <Button variant="default" onClick={() => setShown((count) => count + pageSize)}>
            {t("showMore", { count: Math.min(pageSize, results.length - shown) })}
          </Button>
        </Group>
      )}
      {registry.data && (
        <Text size="xs" c="dimmed" ta="center">
          {t("sources", {
            sources: registry.data.sources.map((source) => `${source.name} ${source.version}`).join(", "),
          })}
        </Text>
      )}
    </Stack>
  );
}

function ChainCardFor({
  chain,
  supported,
  walletChainId,
  onAddToWallet,
  onSwitch,
}: {
  chain: ListedChain;
  supported: readonly ChainRecord[];
  walletChainId: number | undefined;
  onAddToWallet: (chain: ChainRecord) => Promise<void>;
  onSwitch: (chain: ChainRecord) => Promise<void>;
}) {
  const record = recordFor(chain, supported);
  const platformIcon = supported.find((candidate) => candidate.id === chain.id)?.icon;
  return (
    <ChainCard
      chain={chain}
      icon={platformIcon || undefined}
      current={chain.id === walletChainId}
      onAdd={async () => {
        if (record) await onAddToWallet(record);
      }}
      onSwitch={async () => {
        if (record) await onSwitch(record);
      }}
    />
  );
}
