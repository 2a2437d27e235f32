import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import {
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { IconDownload } from "../../../shared/ui/icons";
import { downloadClaimsList } from "../api/download-claims-list";
import { useReportAirdropError } from "../hooks/use-airdrop-error";
import classes from "./airdrop.module.css";

function Value({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  const { t } = useTranslation("airdrop");
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {value ? (
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t("audit.copied") : t("audit.copy")} withArrow>
              <Text
                size="sm"
                className={classes.mono}
                onClick={copy}
                style={{ cursor: "pointer" }}
                data-testid={testId}
              >
                {value}
              </Text>
            </Tooltip>
          )}
        </CopyButton>
      ) : (
        <Text size="sm" c="dimmed" data-testid={testId}>
          —
        </Text>
      )}
    </Stack>
  );
}

/** Anyone can audit a campaign: the root on chain, where it lives, and the list that gives it. */
export function AuditBox({ detail }: { detail: AirdropDetail }) {
  const { t } = useTranslation("airdrop");
  const report = useReportAirdropError();
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      await downloadClaimsList(detail.id);
    } catch (error) {
      report(error);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="campaign-audit">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t("audit.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("audit.text")}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Value label={t("audit.merkleRoot")} value={detail.merkleRoot} testId="audit-root" />
          <Value
            label={t("audit.distributor")}
            value={detail.distributorAddress}
            testId="audit-distributor"
          />
          <Value label={t("audit.campaignId")} value={detail.campaignId} testId="audit-campaign-id" />
        </SimpleGrid>
        <Group gap="sm" align="center">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => void download()}
            loading={downloading}
            disabled={!detail.prepared}
            data-testid="download-claims"
          >
            {t("audit.download")}
          </Button>
          <Text size="sm" c="dimmed">
            {t("audit.cli")} <Code>{t("audit.command")}</Code>
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
