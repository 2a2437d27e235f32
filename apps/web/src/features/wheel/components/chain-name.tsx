import { Group, Text } from "@mantine/core";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { ChainIcon } from "../../../shared/ui/chain-icon";

/** A chain's icon and name from the registry; the id alone when the registry does not know it. */
export function ChainName({ chainId }: { chainId: number }) {
  const { data: config } = usePlatformConfig();
  const chain = config?.chains.find((candidate) => candidate.id === chainId);
  const name = chain?.name ?? `#${chainId}`;
  return (
    <Group gap={6} wrap="nowrap">
      <ChainIcon icon={chain?.icon} name={name} size={18} />
      <Text size="sm" style={{ whiteSpace: "nowrap" }}>
        {name}
      </Text>
    </Group>
  );
}
