CREATE TABLE "referral_codes" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_codes_code_key" UNIQUE("code"),
	CONSTRAINT "referral_codes_code_format" CHECK ("referral_codes"."code" ~ '^[a-z0-9_-]{4,16}$')
);
--> statement-breakpoint
CREATE TABLE "referral_identities" (
	"user_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_identities_user_id_provider_account_id_pk" PRIMARY KEY("user_id","provider","account_id")
);
--> statement-breakpoint
CREATE TABLE "referral_links" (
	"referee_user_id" bigint PRIMARY KEY NOT NULL,
	"referrer_user_id" bigint NOT NULL,
	"code" text NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_links_not_self" CHECK ("referral_links"."referee_user_id" <> "referral_links"."referrer_user_id")
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"referee_user_id" bigint PRIMARY KEY NOT NULL,
	"referrer_user_id" bigint NOT NULL,
	"amount_ep" integer NOT NULL,
	"rewarded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_rewards_amount_positive" CHECK ("referral_rewards"."amount_ep" > 0)
);
--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_identities" ADD CONSTRAINT "referral_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_referee_user_id_users_id_fk" FOREIGN KEY ("referee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referee_user_id_users_id_fk" FOREIGN KEY ("referee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_identities_account_idx" ON "referral_identities" USING btree ("provider","account_id");--> statement-breakpoint
CREATE INDEX "referral_links_referrer_idx" ON "referral_links" USING btree ("referrer_user_id","bound_at");--> statement-breakpoint
CREATE INDEX "referral_rewards_referrer_idx" ON "referral_rewards" USING btree ("referrer_user_id","rewarded_at");