CREATE TABLE "badge_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "badge_indexer_cursors" (
	"chain_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"next_block" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badge_indexer_cursors_chain_id_contract_address_pk" PRIMARY KEY("chain_id","contract_address")
);
--> statement-breakpoint
CREATE TABLE "badge_list_entries" (
	"badge_id" bigint NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badge_list_entries_badge_id_address_pk" PRIMARY KEY("badge_id","address")
);
--> statement-breakpoint
CREATE TABLE "badge_mints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"badge_id" bigint NOT NULL,
	"address" text NOT NULL,
	"period" bigint NOT NULL,
	"kind" text NOT NULL,
	"chain_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"tx_hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"minted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "badge_programmes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"season" integer DEFAULT 1 NOT NULL,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badge_programmes_season_positive" CHECK ("badge_programmes"."season" >= 1)
);
--> statement-breakpoint
CREATE TABLE "badge_vouchers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"badge_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"address" text NOT NULL,
	"period" bigint NOT NULL,
	"chain_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"programme_id" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text NOT NULL,
	"rule_kind" text NOT NULL,
	"rule" jsonb NOT NULL,
	"period" text NOT NULL,
	"kind" text NOT NULL,
	"chain_id" integer NOT NULL,
	"mint_start" timestamp with time zone,
	"mint_end" timestamp with time zone,
	"mint_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badges_mint_window_check" CHECK ("badges"."mint_start" is null or "badges"."mint_end" is null or "badges"."mint_start" < "badges"."mint_end")
);
--> statement-breakpoint
ALTER TABLE "badge_list_entries" ADD CONSTRAINT "badge_list_entries_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_mints" ADD CONSTRAINT "badge_mints_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_programmes" ADD CONSTRAINT "badge_programmes_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_vouchers" ADD CONSTRAINT "badge_vouchers_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_vouchers" ADD CONSTRAINT "badge_vouchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_programme_id_badge_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."badge_programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "badge_list_entries_address_idx" ON "badge_list_entries" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "badge_mints_token_key" ON "badge_mints" USING btree ("chain_id","contract_address","token_id");--> statement-breakpoint
CREATE UNIQUE INDEX "badge_mints_mint_key" ON "badge_mints" USING btree ("badge_id","address","period");--> statement-breakpoint
CREATE INDEX "badge_mints_address_idx" ON "badge_mints" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "badge_programmes_code_key" ON "badge_programmes" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "badge_vouchers_mint_key" ON "badge_vouchers" USING btree ("badge_id","address","period");--> statement-breakpoint
CREATE INDEX "badge_vouchers_user_idx" ON "badge_vouchers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "badges_programme_idx" ON "badges" USING btree ("programme_id","position","id");--> statement-breakpoint
CREATE INDEX "airdrop_participants_claimed_by_idx" ON "airdrop_participants" USING btree ("claimed_by") WHERE "airdrop_participants"."claimed_by" is not null;