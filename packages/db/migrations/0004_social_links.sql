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
ALTER TABLE "social_link_states" ADD CONSTRAINT "social_link_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_links" ADD CONSTRAINT "social_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "social_link_states_expires_at_idx" ON "social_link_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "social_links_account_key" ON "social_links" USING btree ("provider","account_id");--> statement-breakpoint
CREATE INDEX "social_links_username_idx" ON "social_links" USING btree ("provider",lower("username"));