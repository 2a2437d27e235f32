import { formatDateTime } from "@dropfair/core/date";
import { isWebLink } from "@dropfair/core/news";
import type { DropItem } from "@dropfair/schemas/news";
import { Anchor, Avatar, Badge, Card, Group, List, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import { IconCheck, IconExternal, IconSparkles } from "../../../shared/ui/icons";

const statusColors = ["blue", "jade", "gray"] as const;

/** The viewer's offset from UTC in minutes, for dates and days. */
export function viewerOffsetMinutes(): number {
  return -new Date().getTimezoneOffset();
}

/** Where a Dropfair campaign of the list lives in the app. */
function campaignPath(item: DropItem): string | undefined {
  if (item.kind === "airdrop") return paths.airdropDetail.build({ id: item.id });
  if (item.kind === "tips") return paths.tipsDetail.build({ id: item.id });
  if (item.kind === "wheel") return paths.gameDetail.build({ id: item.id });
  return undefined;
}

function ExternalLink({ href, children }: { href: string; children: React.ReactNode }) {
  // Links are http(s) on the server already; checked again so nothing else can ever become an href here.
  if (!isWebLink(href)) return <Text size="sm">{children}</Text>;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer nofollow ugc" size="sm">
      <Group gap={4} wrap="nowrap" component="span">
        {children}
        <IconExternal size={12} />
      </Group>
    </Anchor>
  );
}

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </Stack>
  );
}

export function DropStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation("news");
  return (
    <Badge
      color={statusColors[status] ?? "gray"}
      variant="light"
      data-testid="drop-status"
      data-status={status}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}

function useCategoryLabel() {
  const { t } = useTranslation("news");
  return (category: string) => t(`categories.${category}`, { defaultValue: category });
}

function DropBadges({ item }: { item: DropItem }) {
  const { t } = useTranslation("news");
  const categoryLabel = useCategoryLabel();
  return (
    <Group gap={6}>
      <DropStatusBadge status={item.status} />
      {item.category && (
        <Badge variant="outline" color="gray" data-testid="drop-category">
          {categoryLabel(item.category)}
        </Badge>
      )}
      {item.onDropfair && (
        <Badge color="grape" variant="filled" data-testid="drop-on-dropfair">
          {t("card.onDropfair")}
        </Badge>
      )}
      {item.kind !== "news" && (
        <Badge color="grape" variant="light" data-testid="drop-kind">
          {t(`card.kinds.${item.kind}`)}
        </Badge>
      )}
      {item.featured && (
        <Badge color="yellow" variant="light" leftSection={<IconSparkles size={12} />}>
          {t("card.featured")}
        </Badge>
      )}
      {item.verifiedLinks && !item.onDropfair && (
        <Badge color="jade" variant="light" leftSection={<IconCheck size={12} />}>
          {t("card.verified")}
        </Badge>
      )}
      {item.isSample && (
        <Badge color="orange" variant="filled" title={t("card.sampleHint")} data-testid="drop-sample">
          {t("card.sample")}
        </Badge>
      )}
    </Group>
  );
}

function ChainNames({ chainIds }: { chainIds: readonly number[] }) {
  const { t } = useTranslation("news");
  const { data: config } = usePlatformConfig();
  if (chainIds.length === 0) return "—";
  return chainIds
    .map((id) => config?.chains.find((chain) => chain.id === id)?.name ?? t("card.chainId", { id }))
    .join(", ");
}

/** One drop: a curated entry with its requirements and links, or a Dropfair campaign with a link to it. */
export function DropCard({ item }: { item: DropItem }) {
  const { t } = useTranslation("news");
  const offset = { offsetMinutes: viewerOffsetMinutes() };
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      id={`drop-${item.kind}-${item.id}`}
      data-testid="drop-card"
      data-kind={item.kind}
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={item.logoUrl} alt="" radius="md" size={44} color="grape">
            {item.project.slice(0, 2).toUpperCase()}
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text size="xs" c="dimmed" fw={600} truncate>
              {item.project}
            </Text>
            <Text fw={700} lh={1.3} style={{ overflowWrap: "anywhere" }} data-testid="drop-title">
              {item.title}
            </Text>
          </Stack>
        </Group>
        <DropBadges item={item} />
        {item.summary && (
          <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: "anywhere" }}>
            {item.summary}
          </Text>
        )}
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
          <Field label={t("card.start")} value={formatDateTime(item.startAt, offset)} />
          <Field
            label={t("card.end")}
            value={item.endAt ? formatDateTime(item.endAt, offset) : t("card.noEnd")}
          />
          <Field label={t("card.chains")} value={<ChainNames chainIds={item.chainIds} />} />
          {item.estimatedCost && <Field label={t("card.cost")} value={item.estimatedCost} />}
          {item.estimatedReward && <Field label={t("card.reward")} value={item.estimatedReward} />}
          {item.sourceName && (
            <Field
              label={t("card.source")}
              value={
                item.sourceUrl ? (
                  <ExternalLink href={item.sourceUrl}>{item.sourceName}</ExternalLink>
                ) : (
                  item.sourceName
                )
              }
            />
          )}
        </SimpleGrid>
        {item.requirements.length > 0 && (
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t("card.requirements")}
            </Text>
            <List size="sm" spacing={2} type="ordered">
              {item.requirements.map((requirement) => (
                <List.Item key={`${requirement.action}-${requirement.url}`}>
                  <ExternalLink href={requirement.url}>{requirement.action}</ExternalLink>
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        {item.links.length > 0 && (
          <Group gap="md">
            {item.links.map((link) => (
              <ExternalLink key={link.url} href={link.url}>
                {t(`card.linkKinds.${link.kind}`)}
              </ExternalLink>
            ))}
          </Group>
        )}
        {item.onDropfair && campaignPath(item) && (
          <Anchor component={LocaleLink} to={campaignPath(item)!} size="sm" fw={600} data-testid="drop-open">
            {t("card.openCampaign")}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
