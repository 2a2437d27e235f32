CREATE TABLE "mission_campaigns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"reference_id" text,
	"owner_user_id" bigint,
	"title" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_completions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"mission_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"tweet_id" text,
	"reward_ep" integer NOT NULL,
	"reward_tickets" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"reward_ep" integer DEFAULT 0 NOT NULL,
	"reward_tickets" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "missions_rewards_not_negative" CHECK ("missions"."reward_ep" >= 0 and "missions"."reward_tickets" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mission_campaigns" ADD CONSTRAINT "mission_campaigns_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_completions" ADD CONSTRAINT "mission_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_completions" ADD CONSTRAINT "mission_completions_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_completions" ADD CONSTRAINT "mission_completions_campaign_id_mission_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."mission_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_campaign_id_mission_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."mission_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mission_campaigns_reference_key" ON "mission_campaigns" USING btree ("kind",coalesce("reference_id", ''));--> statement-breakpoint
CREATE UNIQUE INDEX "mission_completions_user_mission_key" ON "mission_completions" USING btree ("user_id","mission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mission_completions_tweet_key" ON "mission_completions" USING btree ("tweet_id");--> statement-breakpoint
CREATE INDEX "mission_completions_user_idx" ON "mission_completions" USING btree ("user_id","completed_at");--> statement-breakpoint
CREATE INDEX "mission_completions_mission_idx" ON "mission_completions" USING btree ("mission_id");--> statement-breakpoint
CREATE INDEX "missions_campaign_position_idx" ON "missions" USING btree ("campaign_id","position");