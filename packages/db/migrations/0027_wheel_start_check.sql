ALTER TABLE "wheel_games" ADD COLUMN "start_checked_at" timestamp with time zone;--> statement-breakpoint
-- Games that started before the check existed may have spins and paid claims (a campaign holding less than at its
-- naming is then normal): they count as checked.
UPDATE "wheel_games" SET "start_checked_at" = now() WHERE "starts_at" <= now();
