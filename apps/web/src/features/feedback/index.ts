// Bug reports, feature requests and the newsletter: the report pages, the subscribe forms (footer and home),
// the unsubscribe landing page and the administrators' inbox.
export { FooterFeedback } from "./components/footer-feedback";
export { NewsletterSection } from "./components/newsletter-form";
export { ReportPage, type ReportPageProps } from "./components/report-page";
export { type InboxAccess, ReportsInboxPage } from "./components/reports-inbox-page";
export { UnsubscribePage } from "./components/unsubscribe-page";
export { reportedPageFrom } from "./model/report-form";
