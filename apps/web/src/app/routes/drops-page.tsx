import { useIsAdmin } from "../../features/admin";
import { DropsPage, NewsAdminPanel } from "../../features/news";

/** drops: the news list; administrators also get the curation panel. */
export function Component() {
  const isAdmin = useIsAdmin();
  return <DropsPage adminPanel={isAdmin ? <NewsAdminPanel /> : undefined} />;
}
