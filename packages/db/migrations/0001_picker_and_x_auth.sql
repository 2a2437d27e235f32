CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "picker_admins" (
	"owner_x_user_id" text NOT NULL,
	"admin_x_user_id" text NOT NULL,
	"admin_username" text NOT NULL,
	"added_by_x_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "picker_admins_owner_x_user_id_admin_x_user_id_pk" PRIMARY KEY("owner_x_user_id","admin_x_user_id")
);
--> statement-breakpoint
CREATE TABLE "picker_bans" (
	"owner_x_user_id" text NOT NULL,
	"x_user_id" text NOT NULL,
	"username" text NOT NULL,
	"reason" text NOT NULL,
	"added_by_x_user_id" text NOT NULL,
	"added_by_username" text NOT NULL,
	"picker_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "picker_bans_owner_x_user_id_x_user_id_pk" PRIMARY KEY("owner_x_user_id","x_user_id")
);
--> statement-breakpoint
CREATE TABLE "picker_cursors" (
	"picker_id" bigint NOT NULL,
	"stage" text NOT NULL,
	"cursor" text,
	"pages" integer DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "picker_cursors_picker_id_stage_pk" PRIMARY KEY("picker_id","stage")
);
--> statement-breakpoint
CREATE TABLE "picker_draws" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"picker_id" bigint NOT NULL,
	"count" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"commitment" text NOT NULL,
	"entry_count" integer NOT NULL,
	"winner_count" integer NOT NULL,
	"chain_id" integer NOT NULL,
	"target_block" bigint NOT NULL,
	"block_hash" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"replaced_x_user_ids" jsonb,
	"actor_x_user_id" text NOT NULL,
	"owner_x_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"drawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "picker_entries" (
	"picker_id" bigint NOT NULL,
	"x_user_id" text NOT NULL,
	"username" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"avatar_url" text,
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"retweeted" boolean DEFAULT false NOT NULL,
	"quoted" boolean DEFAULT false NOT NULL,
	"replied" boolean DEFAULT false NOT NULL,
	"entry_hash" text NOT NULL,
	"excluded_reason" text,
	"score" numeric(20, 0),
	"rank" integer,
	"role" text,
	"reject_reason" text,
	"black_reason" text,
	"info" text,
	"info_submitted_at" timestamp with time zone,
	"collected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "picker_entries_picker_id_x_user_id_pk" PRIMARY KEY("picker_id","x_user_id")
);
--> statement-breakpoint
CREATE TABLE "picker_followers" (
	"picker_id" bigint NOT NULL,
	"target_id" text NOT NULL,
	"x_user_id" text NOT NULL,
	CONSTRAINT "picker_followers_picker_id_target_id_x_user_id_pk" PRIMARY KEY("picker_id","target_id","x_user_id")
);
--> statement-breakpoint
CREATE TABLE "picker_memberships" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"x_user_id" text NOT NULL,
	"payer" text NOT NULL,
	"plan" text NOT NULL,
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"version" smallint DEFAULT 2 NOT NULL,
	"owner_x_user_id" text NOT NULL,
	"owner_username" text NOT NULL,
	"creator_x_user_id" text NOT NULL,
	"post_id" text NOT NULL,
	"post_url" text NOT NULL,
	"post_text" text DEFAULT '' NOT NULL,
	"post_created_at" timestamp with time zone,
	"winner_count" integer NOT NULL,
	"reward_amount" numeric(38, 10),
	"reward_text" text DEFAULT '' NOT NULL,
	"follow_targets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"require_retweet" boolean NOT NULL,
	"require_reply" boolean NOT NULL,
	"info_type" text NOT NULL,
	"info_name" text DEFAULT '' NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"entry_limit" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error_message" text,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"eligible_count" integer DEFAULT 0 NOT NULL,
	"excluded_counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"draw_count" integer DEFAULT 0 NOT NULL,
	"payment_chain_id" integer,
	"payment_tx_hash" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pickers_winner_count_positive" CHECK ("pickers"."winner_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "x_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"avatar_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "x_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"x_user_id" text NOT NULL,
	"project" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"access_token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "x_sessions_expiry_after_creation" CHECK ("x_sessions"."expires_at" > "x_sessions"."created_at")
);
--> statement-breakpoint
CREATE TABLE "x_sign_in_states" (
	"state" text PRIMARY KEY NOT NULL,
	"project" text NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"return_to" text NOT NULL,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "picker_bans" ADD CONSTRAINT "picker_bans_picker_id_pickers_id_fk" FOREIGN KEY ("picker_id") REFERENCES "public"."pickers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picker_cursors" ADD CONSTRAINT "picker_cursors_picker_id_pickers_id_fk" FOREIGN KEY ("picker_id") REFERENCES "public"."pickers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picker_draws" ADD CONSTRAINT "picker_draws_picker_id_pickers_id_fk" FOREIGN KEY ("picker_id") REFERENCES "public"."pickers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picker_entries" ADD CONSTRAINT "picker_entries_picker_id_pickers_id_fk" FOREIGN KEY ("picker_id") REFERENCES "public"."pickers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picker_followers" ADD CONSTRAINT "picker_followers_picker_id_pickers_id_fk" FOREIGN KEY ("picker_id") REFERENCES "public"."pickers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "x_sessions" ADD CONSTRAINT "x_sessions_x_user_id_x_accounts_id_fk" FOREIGN KEY ("x_user_id") REFERENCES "public"."x_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "x_sign_in_states" ADD CONSTRAINT "x_sign_in_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "picker_admins_admin_idx" ON "picker_admins" USING btree ("admin_x_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "picker_draws_count_key" ON "picker_draws" USING btree ("picker_id","count");--> statement-breakpoint
CREATE INDEX "picker_draws_owner_day_idx" ON "picker_draws" USING btree ("owner_x_user_id","created_at");--> statement-breakpoint
CREATE INDEX "picker_entries_rank_idx" ON "picker_entries" USING btree ("picker_id","rank");--> statement-breakpoint
CREATE INDEX "picker_entries_username_idx" ON "picker_entries" USING btree ("picker_id","username");--> statement-breakpoint
CREATE UNIQUE INDEX "picker_memberships_tx_key" ON "picker_memberships" USING btree ("chain_id","tx_hash");--> statement-breakpoint
CREATE INDEX "picker_memberships_user_idx" ON "picker_memberships" USING btree ("x_user_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pickers_seed_key" ON "pickers" USING btree ("seed");--> statement-breakpoint
CREATE INDEX "pickers_owner_idx" ON "pickers" USING btree ("owner_x_user_id","created_at");--> statement-breakpoint
CREATE INDEX "pickers_creator_idx" ON "pickers" USING btree ("creator_x_user_id","created_at");--> statement-breakpoint
CREATE INDEX "pickers_post_idx" ON "pickers" USING btree ("post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "x_sessions_token_hash_key" ON "x_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "x_sessions_x_user_id_idx" ON "x_sessions" USING btree ("x_user_id");--> statement-breakpoint
CREATE INDEX "x_sessions_expires_at_idx" ON "x_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "x_sign_in_states_expires_at_idx" ON "x_sign_in_states" USING btree ("expires_at");