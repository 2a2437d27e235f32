import { Alert, Card, Loader, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePointsSettings } from "../../../shared/api/get-platform-config";
import { useReferralMe } from "../api/get-referral-me";
import { useInviter } from "../api/lookup-referral-code";
import { shareUrl } from "../model/share-link";
import { CodeForm } from "./code-form";
import { ResultsTable } from "./results-table";
import { ShareCard } from "./share-card";

export type ReferralPageProps = {
  /** The signed-in wallet's token, or undefined when signed out. */
  token: string | undefined;
  /** A parent code this browser arrived with (shown as the inviter before the first sign-in). */
  parentCode: string | undefined;
  /** Turns a locale-root path into one of the current locale. */
  localize: (path: string) => string;
  origin: string;
};

function InviterNotice({ code }: { code: string }) {
  const { t } = useTranslation("referral");
  const inviter = useInviter(code);
  if (!inviter.data?.exists || !inviter.data.inviter) return null;
  return (
    <Alert color="jade" variant="light" data-testid="referral-inviter">
      {t("page.invitedBy", { inviter: inviter.data.inviter })}
    </Alert>
  );
}

/** The referral page: the user's code and share link, the code change, the results; a sign-in hint when signed out. */
export function ReferralPage({ token, parentCode, localize, origin }: ReferralPageProps) {
  const { t } = useTranslation("referral");
  const me = useReferralMe(token);
  const settings = usePointsSettings();
  if (!settings) return <Loader size="sm" />;
  const { pointName } = settings;
  return (
    <Stack gap="lg" data-testid="referral-page">
      <Stack gap={4}>
        <Title order={1}>{t("page.title")}</Title>
        <Text c="dimmed">{t("page.subtitle", { pointName, reward: settings.referralReward })}</Text>
      </Stack>
      {!token ? (
        <>
          {parentCode && <InviterNotice code={parentCode} />}
          <Alert color="jade" variant="light" data-testid="referral-sign-in">
            {t("page.signIn")}
          </Alert>
        </>
      ) : me.isPending ? (
        <Loader size="sm" />
      ) : me.isError ? (
        <Card withBorder padding="lg">
          <Text c="red">{me.error.message}</Text>
        </Card>
      ) : (
        <>
          <ShareCard code={me.data.code} link={shareUrl(origin, localize(me.data.sharePath))} />
          <Text size="sm" c="dimmed" data-testid="referral-rules">
            {t("page.rules", {
              pointName,
              reward: me.data.rewardEp,
              cap: me.data.monthlyCapEp,
              earned: me.data.earnedThisMonthEp,
            })}
          </Text>
          <ResultsTable token={token} pointName={pointName} />
          <CodeForm current={me.data.code} />
        </>
      )}
    </Stack>
  );
}
