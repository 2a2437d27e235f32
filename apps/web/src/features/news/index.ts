// The news feature's public surface: the drops and daily pages and the administrators' curation panel.
export { DailyPage } from "./components/daily-page";
export { DropsPage } from "./components/drops-page";
export { NewsAdminPanel } from "./components/news-admin-panel";
