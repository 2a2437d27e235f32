import { DailyPage } from "../../features/news";

/** daily: the news listed in the last 1, 7 or 30 days, by day. */
export function Component() {
  return <DailyPage />;
}
