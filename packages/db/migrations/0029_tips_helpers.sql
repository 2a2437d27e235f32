CREATE TABLE "tips_helpers" (
	"campaign_id" bigint NOT NULL,
	"address" text NOT NULL,
	"added_by_user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tips_helpers_campaign_id_address_pk" PRIMARY KEY("campaign_id","address")
);
--> statement-breakpoint
ALTER TABLE "tips_helpers" ADD CONSTRAINT "tips_helpers_campaign_id_tips_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."tips_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips_helpers" ADD CONSTRAINT "tips_helpers_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;