ALTER TABLE "airdrop_participant_imports" ADD COLUMN "phase" text;--> statement-breakpoint
ALTER TABLE "airdrop_participant_imports" ADD COLUMN "phase_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "airdrop_participant_imports" ADD COLUMN "phase_total" integer DEFAULT 0 NOT NULL;