ALTER TABLE "badge_programmes" ADD COLUMN "seed" text;--> statement-breakpoint
ALTER TABLE "badges" ADD COLUMN "seed" text;