import type { LiveAllowance } from "@dropfair/chain/approvals";
import { shortAddress } from "@dropfair/core/address";
import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AddressAvatar } from "../../../shared/ui/address-avatar";
import { allowanceAmountText } from "../model/format-allowance";

export type ApprovalRowProps = {
  allowance: LiveAllowance;
  spenderName: string | undefined;
  /** Undefined when the connected wallet is not the owner: the button is then hidden. */
  onRevoke: (() => void) | undefined;
  revoking: boolean;
  locale: string;
};

function lastUpdatedText(allowance: LiveAllowance, locale: string): string {
  if (allowance.lastUpdatedAt === undefined) return `#${allowance.lastUpdatedBlock}`;
  return new Date(allowance.lastUpdatedAt * 1000).toLocaleString(locale === "cn" ? "zh-CN" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
  });
}

/** One live approval: token, spender, amount, last update and the revoke button. */
export function ApprovalRow({ allowance, spenderName, onRevoke, revoking, locale }: ApprovalRowProps) {
  const { t } = useTranslation("safety");
  const amount = allowanceAmountText(allowance);
  const tokenName = allowance.symbol ?? shortAddress(allowance.token);
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      data-testid="approval-row"
      data-spender={allowance.spender}
      data-kind={allowance.kind}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ flex: "1 1 240px", minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            {/* No token list is configured: the logo is drawn from the token's address, the same one every time. */}
            <span data-testid="token-logo" data-token={allowance.token}>
              <AddressAvatar address={allowance.token} size={24} />
            </span>
            <Text fw={700} title={allowance.token}>
              {tokenName}
            </Text>
            <Badge variant="outline" color="gray" size="sm" data-testid="token-standard">
              {t(`approvals.standard.${allowance.standard ?? "unknown"}`)}
            </Badge>
            {/* A plain ERC-20 allowance's kind would only repeat its standard's badge. */}
            {allowance.kind !== "erc20" && (
              <Badge variant="light" color="gray" size="sm" data-testid="approval-kind">
                {t(`approvals.kind.${allowance.kind}`)}
              </Badge>
            )}
            {allowance.unlimited ? (
              <Badge color="red" size="sm" data-testid="unlimited-badge">
                {t("approvals.unlimited")}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {t("approvals.spender")}:{" "}
            <Text span ff="monospace" size="sm" c="var(--mantine-color-text)" title={allowance.spender}>
              {spenderName ?? shortAddress(allowance.spender)}
            </Text>{" "}
            · {allowance.spenderIsContract ? t("approvals.contract") : t("approvals.account")}
          </Text>
          <Text size="sm">
            {allowance.kind === "erc721"
              ? t("approvals.tokenId", { id: allowance.tokenId?.toString() })
              : allowance.kind === "operator"
                ? t("approvals.allTokens")
                : allowance.unlimited
                  ? t("approvals.amountUnlimited", { symbol: tokenName })
                  : t("approvals.amount", { amount, symbol: tokenName })}
          </Text>
          {allowance.expiration !== undefined ? (
            <Text size="xs" c="dimmed">
              {t("approvals.expires", {
                date: new Date(allowance.expiration * 1000).toLocaleDateString(
                  locale === "cn" ? "zh-CN" : "en-GB",
                ),
              })}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {t("approvals.lastUpdated", { date: lastUpdatedText(allowance, locale) })}
          </Text>
        </Stack>
        {onRevoke ? (
          <Button color="red" variant="light" loading={revoking} onClick={onRevoke}>
            {t("approvals.revoke")}
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}
