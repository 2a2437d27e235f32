CREATE TABLE "airdrop_participant_imports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"airdrop_id" bigint NOT NULL,
	"uploaded_by" bigint NOT NULL,
	"text" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"processed_lines" integer DEFAULT 0 NOT NULL,
	"total_lines" integer NOT NULL,
	"report" jsonb,
	"error_type_code" integer,
	"error_key" text,
	"error_params" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "airdrop_participant_imports_state_check" CHECK ("airdrop_participant_imports"."state" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "airdrop_participant_imports" ADD CONSTRAINT "airdrop_participant_imports_airdrop_id_airdrops_id_fk" FOREIGN KEY ("airdrop_id") REFERENCES "public"."airdrops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrop_participant_imports" ADD CONSTRAINT "airdrop_participant_imports_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "airdrop_participant_imports_airdrop_idx" ON "airdrop_participant_imports" USING btree ("airdrop_id","id");