import { shortAddress } from "@dropfair/core/address";
import { Anchor, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { transactionUrl } from "../../../shared/lib/explorer";

/** A transaction on the campaign's chain ("Transaction 0xaba…abab"), linked to the explorer when it names one. */
export function TransactionLink({
  chainId,
  hash,
  testId,
}: {
  chainId: number;
  hash: string;
  testId: string;
}) {
  const { t } = useTranslation("tips");
  const { data: config } = usePlatformConfig();
  const chain = config?.chains.find((candidate) => candidate.id === chainId);
  const url = transactionUrl(chain, hash);
  const label = t("claim.transaction", { hash: shortAddress(hash) });
  return url ? (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" data-testid={testId}>
      {label}
    </Anchor>
  ) : (
    <Text size="sm" ff="monospace" data-testid={testId} title={hash}>
      {label}
    </Text>
  );
}
