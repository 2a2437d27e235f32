DROP INDEX "tips_standings_tweets_idx";--> statement-breakpoint
DROP INDEX "tips_standings_views_idx";--> statement-breakpoint
DROP INDEX "tips_standings_likes_idx";--> statement-breakpoint
DROP INDEX "tips_standings_replies_idx";--> statement-breakpoint
DROP INDEX "tips_standings_retweets_idx";--> statement-breakpoint
DROP INDEX "tips_standings_quotes_idx";--> statement-breakpoint
DROP INDEX "tips_standings_interactions_idx";--> statement-breakpoint
ALTER TABLE "tips_standings" ADD COLUMN "tweets_asc" integer;--> statement-breakpoint
ALTER TABLE "tips_standings" ADD COLUMN "tweets_desc" integer;--> statement-breakpoint
ALTER TABLE "tips_standings" ADD COLUMN "views_asc" integer;--> statement-breakpoint
ALTER TABLE "tips_standings" ADD COLUMN "views_desc" integer;--> statement-breakpoint
ALTER TABLE "tips_standings" ADD COLUMN "likes_asc" integer;--> statement-breakpoint
ALTER TABLE "tips_standings" ADD COLUMN "likes_desc" integer;--> statement-breakpoint
ALTER TABLE "tips_standings" ADD COLUMN "replies_asc" integer;--> statement-breakpoint
ALTER TABLE "tips_standings" ADD COLUMN "replies_desc" integer;--> statement-breakpoint
ALTER TABLE "tips_standings" ADD COLUMN "retweets_asc" integer;--> statement-breakpoint
ALTER TABLE "tips_standings" ADD COLUMN "retweets_desc" integer;--> statement-breakpoint
ALTER TABLE "tips_standings" ADD COLUMN "quotes_asc" integer;--> statement-breakpoint
ALTER TABLE "tips_standings" ADD COLUMN "quotes_desc" integer;--> statement-breakpoint
ALTER TABLE "tips_standings" ADD COLUMN "interactions_asc" integer;--> statement-breakpoint
ALTER TABLE "tips_standings" ADD COLUMN "interactions_desc" integer;--> statement-breakpoint
-- Standings computed before this migration: the positions a recomputation writes (ties by rank in both orders).
UPDATE "tips_standings" SET "tweets_asc" = "positions"."tweets_asc", "tweets_desc" = "positions"."tweets_desc", "views_asc" = "positions"."views_asc", "views_desc" = "positions"."views_desc", "likes_asc" = "positions"."likes_asc", "likes_desc" = "positions"."likes_desc", "replies_asc" = "positions"."replies_asc", "replies_desc" = "positions"."replies_desc", "retweets_asc" = "positions"."retweets_asc", "retweets_desc" = "positions"."retweets_desc", "quotes_asc" = "positions"."quotes_asc", "quotes_desc" = "positions"."quotes_desc", "interactions_asc" = "positions"."interactions_asc", "interactions_desc" = "positions"."interactions_desc" FROM (SELECT "campaign_id", "x_user_id", row_number() OVER (PARTITION BY "campaign_id" ORDER BY "tweets", "rank") AS "tweets_asc", row_number() OVER (PARTITION BY "campaign_id" ORDER BY "tweets" DESC, "rank") AS "tweets_desc", row_number() OVER (PARTITION BY "campaign_id" ORDER BY "views", "rank") AS "views_asc", row_number() OVER (PARTITION BY "campaign_id" ORDER BY "views" DESC, "rank") AS "views_desc", row_number() OVER (PARTITION BY "campaign_id" ORDER BY "likes", "rank") AS "likes_asc", row_number() OVER (PARTITION BY "campaign_id" ORDER BY "likes" DESC, "rank") AS "likes_desc", row_number() OVER (PARTITION BY "campaign_id" ORDER BY "replies", "rank") AS "replies_asc", row_number() OVER (PARTITION BY "campaign_id" ORDER BY "replies" DESC, "rank") AS "replies_desc", row_number() OVER (PARTITION BY "campaign_id" ORDER BY "retweets", "rank") AS "retweets_asc", row_number() OVER (PARTITION BY "campaign_id" ORDER BY "retweets" DESC, "rank") AS "retweets_desc", row_number() OVER (PARTITION BY "campaign_id" ORDER BY "quotes", "rank") AS "quotes_asc", row_number() OVER (PARTITION BY "campaign_id" ORDER BY "quotes" DESC, "rank") AS "quotes_desc", row_number() OVER (PARTITION BY "campaign_id" ORDER BY "interactions", "rank") AS "interactions_asc", row_number() OVER (PARTITION BY "campaign_id" ORDER BY "interactions" DESC, "rank") AS "interactions_desc" FROM "tips_standings") AS "positions" WHERE "tips_standings"."campaign_id" = "positions"."campaign_id" AND "tips_standings"."x_user_id" = "positions"."x_user_id";--> statement-breakpoint
ALTER TABLE "tips_standings" ALTER COLUMN "tweets_asc" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tips_standings" ALTER COLUMN "tweets_desc" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tips_standings" ALTER COLUMN "views_asc" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tips_standings" ALTER COLUMN "views_desc" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tips_standings" ALTER COLUMN "likes_asc" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tips_standings" ALTER COLUMN "likes_desc" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tips_standings" ALTER COLUMN "replies_asc" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tips_standings" ALTER COLUMN "replies_desc" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tips_standings" ALTER COLUMN "retweets_asc" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tips_standings" ALTER COLUMN "retweets_desc" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tips_standings" ALTER COLUMN "quotes_asc" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tips_standings" ALTER COLUMN "quotes_desc" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tips_standings" ALTER COLUMN "interactions_asc" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tips_standings" ALTER COLUMN "interactions_desc" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tips_standings_tweets_asc_key" ON "tips_standings" USING btree ("campaign_id","tweets_asc");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_standings_tweets_desc_key" ON "tips_standings" USING btree ("campaign_id","tweets_desc");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_standings_views_asc_key" ON "tips_standings" USING btree ("campaign_id","views_asc");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_standings_views_desc_key" ON "tips_standings" USING btree ("campaign_id","views_desc");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_standings_likes_asc_key" ON "tips_standings" USING btree ("campaign_id","likes_asc");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_standings_likes_desc_key" ON "tips_standings" USING btree ("campaign_id","likes_desc");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_standings_replies_asc_key" ON "tips_standings" USING btree ("campaign_id","replies_asc");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_standings_replies_desc_key" ON "tips_standings" USING btree ("campaign_id","replies_desc");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_standings_retweets_asc_key" ON "tips_standings" USING btree ("campaign_id","retweets_asc");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_standings_retweets_desc_key" ON "tips_standings" USING btree ("campaign_id","retweets_desc");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_standings_quotes_asc_key" ON "tips_standings" USING btree ("campaign_id","quotes_asc");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_standings_quotes_desc_key" ON "tips_standings" USING btree ("campaign_id","quotes_desc");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_standings_interactions_asc_key" ON "tips_standings" USING btree ("campaign_id","interactions_asc");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_standings_interactions_desc_key" ON "tips_standings" USING btree ("campaign_id","interactions_desc");