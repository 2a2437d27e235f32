import { ActionIcon, Badge, Button, CopyButton, Group, Loader, Stack, Text, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { IconCheck, IconCopy } from "../../../shared/ui/icons";
import { type ProbeState, useRpcProbes } from "../hooks/use-rpc-probes";
import { defaultProbeTimeoutMs } from "../model/rpc-probe";

function ProbeBadge({ state }: { state: ProbeState | undefined }) {
  const { t, i18n } = useTranslation("chain");
  if (!state || state.status === "checking") {
    return (
      <Group gap={4} wrap="nowrap">
        <Loader size={10} />
        <Text size="xs" c="dimmed">
          {t("probe.checking")}
        </Text>
      </Group>
    );
  }
  if (state.status === "ok") {
    return (
      <Badge
        size="sm"
        variant="light"
        color="jade"
        data-probe="ok"
        styles={{ label: { textTransform: "none" } }}
      >
        {t("probe.ok", {
          block: BigInt(state.blockNumber).toLocaleString(i18n.language === "cn" ? "zh-CN" : "en-US"),
          ms: state.latencyMs,
        })}
      </Badge>
    );
  }
  return (
    <Badge
      size="sm"
      variant="light"
      color="red"
      data-probe="failed"
      styles={{ label: { textTransform: "none" } }}
    >
      {t("probe.failed", {
        reason: t(`probe.reason.${state.reason}`, { seconds: defaultProbeTimeoutMs / 1000 }),
      })}
    </Badge>
  );
}

/** A chain's RPC endpoints with their live health: block height and latency, or why the probe failed. */
export function RpcEndpoints({ urls }: { urls: readonly string[] }) {
  const { t } = useTranslation("chain");
  const { results, recheck } = useRpcProbes(urls, true);
  return (
    <Stack gap={6} data-testid="rpc-endpoints">
      {urls.map((url) => (
        <Group key={url} justify="space-between" gap="xs" wrap="nowrap" data-testid="rpc-endpoint">
          <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t("copied") : t("copy")} withinPortal>
                  <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label={t("copy")}>
                    {copied ? <IconCheck size={12} /> : <IconCopy size={12} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
            <Text size="xs" ff="monospace" truncate title={url}>
              {url.replace(/^https?:\/\//, "")}
            </Text>
          </Group>
          <div style={{ flexShrink: 0 }}>
            <ProbeBadge state={results[url]} />
          </div>
        </Group>
      ))}
      <Group justify="flex-end">
        <Button variant="subtle" size="compact-xs" onClick={recheck}>
          {t("probe.recheck")}
        </Button>
      </Group>
    </Stack>
  );
}
