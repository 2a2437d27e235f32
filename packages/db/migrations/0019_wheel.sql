CREATE TABLE "wheel_chain_cursors" (
	"chain_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"next_block" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wheel_chain_cursors_chain_id_contract_address_pk" PRIMARY KEY("chain_id","contract_address")
);
--> statement-breakpoint
CREATE TABLE "wheel_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"prize_id" text NOT NULL,
	"account" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"claim_tx_hash" text
);
--> statement-breakpoint
CREATE TABLE "wheel_games" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"creator_user_id" bigint NOT NULL,
	"partner_slug" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"chain_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"from_block" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"daily_free_ticket" boolean DEFAULT false NOT NULL,
	"referral_tickets" integer DEFAULT 0 NOT NULL,
	"salt" text NOT NULL,
	"salt_hash" text NOT NULL,
	"closed_at" timestamp with time zone,
	"error_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wheel_games_times" CHECK ("wheel_games"."starts_at" < "wheel_games"."ends_at"),
	CONSTRAINT "wheel_games_referral_tickets" CHECK ("wheel_games"."referral_tickets" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wheel_prizes" (
	"game_id" bigint NOT NULL,
	"prize_id" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"weight" bigint NOT NULL,
	"count" integer,
	"amount" numeric(78, 0) NOT NULL,
	"token_address" text,
	"token_symbol" text,
	"token_decimals" integer,
	"distributor_campaign_id" numeric(78, 0),
	"funded_at" timestamp with time zone,
	"claimable_until" timestamp with time zone,
	CONSTRAINT "wheel_prizes_game_id_prize_id_pk" PRIMARY KEY("game_id","prize_id"),
	CONSTRAINT "wheel_prizes_weight" CHECK ("wheel_prizes"."weight" > 0),
	CONSTRAINT "wheel_prizes_count" CHECK ("wheel_prizes"."count" is null or "wheel_prizes"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "wheel_spins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"account" text NOT NULL,
	"stage" text NOT NULL,
	"voucher_deadline" timestamp with time zone NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tx_hash" text,
	"block_number" bigint,
	"block_hash" text,
	"transaction_index" integer,
	"log_index" integer,
	"position" numeric(78, 0),
	"prize_id" text,
	"recorded_at" timestamp with time zone,
	"claim_id" bigint,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wheel_ticket_grants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"source_id" text NOT NULL,
	"count" integer NOT NULL,
	"note" text,
	"granted_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wheel_ticket_grants_count" CHECK ("wheel_ticket_grants"."count" > 0)
);
--> statement-breakpoint
ALTER TABLE "wheel_claims" ADD CONSTRAINT "wheel_claims_game_id_wheel_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."wheel_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_claims" ADD CONSTRAINT "wheel_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_games" ADD CONSTRAINT "wheel_games_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_prizes" ADD CONSTRAINT "wheel_prizes_game_id_wheel_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."wheel_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_spins" ADD CONSTRAINT "wheel_spins_game_id_wheel_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."wheel_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_spins" ADD CONSTRAINT "wheel_spins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_ticket_grants" ADD CONSTRAINT "wheel_ticket_grants_game_id_wheel_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."wheel_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_ticket_grants" ADD CONSTRAINT "wheel_ticket_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_ticket_grants" ADD CONSTRAINT "wheel_ticket_grants_granted_by_user_id_users_id_fk" FOREIGN KEY ("granted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wheel_claims_one_open_key" ON "wheel_claims" USING btree ("game_id","user_id","prize_id") WHERE "wheel_claims"."claimed_at" is null;--> statement-breakpoint
CREATE INDEX "wheel_games_creator_idx" ON "wheel_games" USING btree ("creator_user_id","id");--> statement-breakpoint
CREATE INDEX "wheel_games_partner_idx" ON "wheel_games" USING btree ("partner_slug","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wheel_spins_one_issued_key" ON "wheel_spins" USING btree ("game_id","user_id") WHERE "wheel_spins"."stage" = 'issued';--> statement-breakpoint
CREATE INDEX "wheel_spins_game_chain_order_idx" ON "wheel_spins" USING btree ("game_id","block_number","transaction_index","log_index");--> statement-breakpoint
CREATE INDEX "wheel_spins_user_idx" ON "wheel_spins" USING btree ("game_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wheel_ticket_grants_source_key" ON "wheel_ticket_grants" USING btree ("game_id","user_id","reason","source_id");