// The partner activities live in shared configuration (packages/core), so the API knows the same list.
export {
  achievementLuckySlug,
  type PartnerActivity,
  partnerActivities,
} from "@dropfair/core/partners";
