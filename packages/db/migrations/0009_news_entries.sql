CREATE TABLE "news_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project" text NOT NULL,
	"logo_url" text,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"chain_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"estimated_cost" text,
	"estimated_reward" text,
	"source_name" text,
	"source_url" text,
	"verified_links" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_entries_times_check" CHECK ("news_entries"."end_at" is null or "news_entries"."end_at" > "news_entries"."start_at")
);
--> statement-breakpoint
ALTER TABLE "news_entries" ADD CONSTRAINT "news_entries_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_entries_published_idx" ON "news_entries" USING btree ("published_at","id") WHERE "news_entries"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "news_entries_category_idx" ON "news_entries" USING btree ("category","published_at");