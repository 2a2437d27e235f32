import { achievementLuckySlug, partnerActivities } from "../../config/partners";
import { type LuckyActivity, LuckyDetailPage } from "../../features/wheel";
import { NotFoundError } from "../../shared/api/errors";
import { useRouteHandle } from "../route-handle";
import { useWheelViewer } from "./wheel-integrations";

/**
 * `/{slug}/:code?` (a partner activity from the configured list) and achievement/detail-with-lucky (the platform's
 * achievement programme): the lucky-detail screen. The referral code in `:code` is kept by the route's loader.
 */
export function Component() {
  const { partner } = useRouteHandle();
  const viewer = useWheelViewer();
  let activity: LuckyActivity = { kind: "achievement", slug: achievementLuckySlug };
  if (partner) {
    const found = partnerActivities.find((candidate) => candidate.slug === partner);
    if (!found) throw new NotFoundError(partner);
    activity = { kind: "partner", ...found };
  }
  return <LuckyDetailPage key={activity.slug} activity={activity} viewer={viewer} />;
}
