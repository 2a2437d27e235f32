CREATE TABLE "airdrop_chain_events" (
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"airdrop_id" bigint NOT NULL,
	"event_name" text NOT NULL,
	"block_number" bigint NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "airdrop_chain_events_chain_id_tx_hash_log_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "airdrop_indexer_cursors" (
	"chain_id" integer NOT NULL,
	"distributor_address" text NOT NULL,
	"next_block" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "airdrop_indexer_cursors_chain_id_distributor_address_pk" PRIMARY KEY("chain_id","distributor_address")
);
--> statement-breakpoint
CREATE TABLE "airdrop_merkle_chunks" (
	"airdrop_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"chunk" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "airdrop_merkle_chunks_airdrop_id_kind_chunk_pk" PRIMARY KEY("airdrop_id","kind","chunk")
);
--> statement-breakpoint
CREATE TABLE "airdrop_participants" (
	"airdrop_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"account" text NOT NULL,
	"label" text NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"bound_address" text,
	"claimed_at" timestamp with time zone,
	"claimed_by" text,
	"claim_tx_hash" text,
	CONSTRAINT "airdrop_participants_airdrop_id_position_pk" PRIMARY KEY("airdrop_id","position")
);
--> statement-breakpoint
CREATE TABLE "airdrops" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"creator_user_id" bigint NOT NULL,
	"creator_address" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"poster_style" text DEFAULT 'classic' NOT NULL,
	"reward_type" text NOT NULL,
	"chain_id" integer,
	"token_address" text,
	"custom_token" boolean DEFAULT false NOT NULL,
	"token_symbol" text,
	"token_decimals" smallint,
	"token_logo" "bytea",
	"token_logo_type" text,
	"discord_guild_id" text,
	"discord_role_id" text,
	"total_amount" numeric(40, 4),
	"id_type" text NOT NULL,
	"mode" text NOT NULL,
	"shares" integer,
	"participant_count" integer DEFAULT 0 NOT NULL,
	"total_weight" bigint DEFAULT 0 NOT NULL,
	"prepared_at" timestamp with time zone,
	"merkle_root" text,
	"amount_base" numeric(78, 0),
	"amount_per_share" numeric(78, 0),
	"required_deposit" numeric(78, 0),
	"distributor_address" text,
	"campaign_id" numeric(78, 0),
	"campaign_tx_hash" text,
	"deposited" numeric(78, 0) DEFAULT '0' NOT NULL,
	"claimed_amount" numeric(78, 0) DEFAULT '0' NOT NULL,
	"claim_count" integer DEFAULT 0 NOT NULL,
	"refunded_amount" numeric(78, 0),
	"refunded_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "airdrops_times_check" CHECK ("airdrops"."start_at" <= "airdrops"."end_at"),
	CONSTRAINT "airdrops_shares_check" CHECK ("airdrops"."shares" is null or "airdrops"."shares" > 0)
);
--> statement-breakpoint
CREATE TABLE "social_link_states" (
	"state" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"code_verifier" text,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "social_links" (
	"user_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"username" text,
	"display_name" text NOT NULL,
	"avatar_url" text,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_links_user_id_provider_pk" PRIMARY KEY("user_id","provider")
);
--> statement-breakpoint
ALTER TABLE "airdrop_chain_events" ADD CONSTRAINT "airdrop_chain_events_airdrop_id_airdrops_id_fk" FOREIGN KEY ("airdrop_id") REFERENCES "public"."airdrops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrop_merkle_chunks" ADD CONSTRAINT "airdrop_merkle_chunks_airdrop_id_airdrops_id_fk" FOREIGN KEY ("airdrop_id") REFERENCES "public"."airdrops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrop_participants" ADD CONSTRAINT "airdrop_participants_airdrop_id_airdrops_id_fk" FOREIGN KEY ("airdrop_id") REFERENCES "public"."airdrops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrops" ADD CONSTRAINT "airdrops_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_link_states" ADD CONSTRAINT "social_link_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_links" ADD CONSTRAINT "social_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "airdrop_chain_events_airdrop_idx" ON "airdrop_chain_events" USING btree ("airdrop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "airdrop_participants_account_key" ON "airdrop_participants" USING btree ("account","airdrop_id");--> statement-breakpoint
CREATE INDEX "airdrops_creator_idx" ON "airdrops" USING btree ("creator_user_id","id");--> statement-breakpoint
CREATE INDEX "airdrops_released_idx" ON "airdrops" USING btree ("released_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "airdrops_campaign_key" ON "airdrops" USING btree ("chain_id","distributor_address","campaign_id");--> statement-breakpoint
CREATE INDEX "social_link_states_expires_at_idx" ON "social_link_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "social_links_account_key" ON "social_links" USING btree ("provider","account_id");--> statement-breakpoint
CREATE INDEX "social_links_username_idx" ON "social_links" USING btree ("provider",lower("username"));