// The feedback routes: the report forms, the newsletter's unsubscribe page and the administrators' inbox. The
// administrator check comes from the admin feature and is handed to the feedback pages here.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router";
import { paths } from "../../config/paths";
import { adminStatusQueryOptions, useIsAdmin } from "../../features/admin";
import { useSession } from "../../features/auth";
import {
  type InboxAccess,
  ReportPage,
  ReportsInboxPage,
  reportedPageFrom,
  UnsubscribePage,
} from "../../features/feedback";
import { LocaleLink } from "../../shared/i18n/locale-link";

function InboxLink() {
  const { t } = useTranslation("feedback");
  return useIsAdmin() ? <LocaleLink to={paths.feedbackInbox.build()}>{t("inbox.link")}</LocaleLink> : null;
}

export function BugReportPage() {
  const { search } = useLocation();
  return <ReportPage kind="bug" initialPage={reportedPageFrom(search)} aside={<InboxLink />} />;
}

export function FeatureRequestPage() {
  const { search } = useLocation();
  return <ReportPage kind="feature" initialPage={reportedPageFrom(search)} aside={<InboxLink />} />;
}

export function NewsletterUnsubscribePage() {
  const [search] = useSearchParams();
  return <UnsubscribePage token={search.get("token") ?? ""} />;
}

export function FeedbackInboxPage() {
  const token = useSession((state) => state.userToken);
  const status = useQuery(adminStatusQueryOptions(token));
  const access: InboxAccess = !token
    ? "denied"
    : status.isPending
      ? "checking"
      : status.data?.isAdmin
        ? "admin"
        : "denied";
  return <ReportsInboxPage access={access} />;
}
