CREATE TABLE "tips_campaigns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"creator_user_id" bigint NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"hashtag" text DEFAULT '' NOT NULL,
	"mention" text DEFAULT '' NOT NULL,
	"slogan" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"chain_id" integer NOT NULL,
	"token_address" text NOT NULL,
	"token_symbol" text NOT NULL,
	"token_decimals" integer NOT NULL,
	"total_prize" numeric(78, 0) NOT NULL,
	"weight_views" integer NOT NULL,
	"weight_likes" integer NOT NULL,
	"weight_replies" integer NOT NULL,
	"weight_retweets" integer NOT NULL,
	"weight_quotes" integer NOT NULL,
	"tweet_cap" integer NOT NULL,
	"daily_tweets" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"distributor_campaign_id" numeric(78, 0),
	"funded_at" timestamp with time zone,
	"computed_at" timestamp with time zone,
	"total_points" numeric(78, 0) DEFAULT '0' NOT NULL,
	"participant_count" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"error_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tips_campaigns_times" CHECK ("tips_campaigns"."starts_at" < "tips_campaigns"."ends_at"),
	CONSTRAINT "tips_campaigns_prize" CHECK ("tips_campaigns"."total_prize" > 0)
);
--> statement-breakpoint
CREATE TABLE "tips_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" bigint NOT NULL,
	"x_user_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"account" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"tx_hash" text
);
--> statement-breakpoint
CREATE TABLE "tips_collections" (
	"campaign_id" bigint PRIMARY KEY NOT NULL,
	"search_next_token" text,
	"search_since_id" text,
	"search_newest_id" text,
	"refresh_after_tweet_id" text,
	"timeline_after_x_user_id" text,
	"round_started_at" timestamp with time zone,
	"last_completed_at" timestamp with time zone,
	"last_error" text,
	"requests" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tips_participants" (
	"campaign_id" bigint NOT NULL,
	"x_user_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"username" text,
	"name" text NOT NULL,
	"avatar_url" text,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"banned_at" timestamp with time zone,
	"ban_reason" text,
	"banned_by_user_id" bigint,
	"last_reload_at" timestamp with time zone,
	"timeline_read_at" timestamp with time zone,
	CONSTRAINT "tips_participants_campaign_id_x_user_id_pk" PRIMARY KEY("campaign_id","x_user_id")
);
--> statement-breakpoint
CREATE TABLE "tips_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" bigint NOT NULL,
	"x_user_id" text NOT NULL,
	"reporter_user_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tips_snapshots" (
	"campaign_id" bigint PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"final" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tips_standings" (
	"campaign_id" bigint NOT NULL,
	"x_user_id" text NOT NULL,
	"rank" integer NOT NULL,
	"points" numeric(78, 0) NOT NULL,
	"tweets" integer NOT NULL,
	"views" numeric(78, 0) NOT NULL,
	"likes" numeric(78, 0) NOT NULL,
	"replies" numeric(78, 0) NOT NULL,
	"retweets" numeric(78, 0) NOT NULL,
	"quotes" numeric(78, 0) NOT NULL,
	"interactions" numeric(78, 0) NOT NULL,
	"estimated_earned" numeric(78, 0) NOT NULL,
	CONSTRAINT "tips_standings_campaign_id_x_user_id_pk" PRIMARY KEY("campaign_id","x_user_id")
);
--> statement-breakpoint
CREATE TABLE "tips_tweets" (
	"campaign_id" bigint NOT NULL,
	"tweet_id" text NOT NULL,
	"x_user_id" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"text" text NOT NULL,
	"views" bigint NOT NULL,
	"likes" bigint NOT NULL,
	"replies" bigint NOT NULL,
	"retweets" bigint NOT NULL,
	"quotes" bigint NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "tips_tweets_campaign_id_tweet_id_pk" PRIMARY KEY("campaign_id","tweet_id")
);
--> statement-breakpoint
ALTER TABLE "tips_campaigns" ADD CONSTRAINT "tips_campaigns_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips_claims" ADD CONSTRAINT "tips_claims_campaign_id_tips_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."tips_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips_claims" ADD CONSTRAINT "tips_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips_collections" ADD CONSTRAINT "tips_collections_campaign_id_tips_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."tips_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips_participants" ADD CONSTRAINT "tips_participants_campaign_id_tips_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."tips_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips_participants" ADD CONSTRAINT "tips_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips_participants" ADD CONSTRAINT "tips_participants_banned_by_user_id_users_id_fk" FOREIGN KEY ("banned_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips_reports" ADD CONSTRAINT "tips_reports_campaign_id_tips_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."tips_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips_reports" ADD CONSTRAINT "tips_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips_snapshots" ADD CONSTRAINT "tips_snapshots_campaign_id_tips_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."tips_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips_standings" ADD CONSTRAINT "tips_standings_campaign_id_tips_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."tips_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips_tweets" ADD CONSTRAINT "tips_tweets_campaign_id_tips_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."tips_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tips_campaigns_creator_idx" ON "tips_campaigns" USING btree ("creator_user_id","id");--> statement-breakpoint
CREATE INDEX "tips_campaigns_status_idx" ON "tips_campaigns" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_claims_participant_key" ON "tips_claims" USING btree ("campaign_id","x_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_participants_user_key" ON "tips_participants" USING btree ("campaign_id","user_id");--> statement-breakpoint
CREATE INDEX "tips_participants_banned_idx" ON "tips_participants" USING btree ("campaign_id","banned_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_reports_reporter_key" ON "tips_reports" USING btree ("campaign_id","x_user_id","reporter_user_id");--> statement-breakpoint
CREATE INDEX "tips_reports_campaign_idx" ON "tips_reports" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_standings_rank_key" ON "tips_standings" USING btree ("campaign_id","rank");--> statement-breakpoint
CREATE INDEX "tips_standings_tweets_idx" ON "tips_standings" USING btree ("campaign_id","tweets","rank");--> statement-breakpoint
CREATE INDEX "tips_standings_views_idx" ON "tips_standings" USING btree ("campaign_id","views","rank");--> statement-breakpoint
CREATE INDEX "tips_standings_likes_idx" ON "tips_standings" USING btree ("campaign_id","likes","rank");--> statement-breakpoint
CREATE INDEX "tips_standings_replies_idx" ON "tips_standings" USING btree ("campaign_id","replies","rank");--> statement-breakpoint
CREATE INDEX "tips_standings_retweets_idx" ON "tips_standings" USING btree ("campaign_id","retweets","rank");--> statement-breakpoint
CREATE INDEX "tips_standings_quotes_idx" ON "tips_standings" USING btree ("campaign_id","quotes","rank");--> statement-breakpoint
CREATE INDEX "tips_standings_interactions_idx" ON "tips_standings" USING btree ("campaign_id","interactions","rank");--> statement-breakpoint
CREATE INDEX "tips_tweets_author_idx" ON "tips_tweets" USING btree ("campaign_id","x_user_id");