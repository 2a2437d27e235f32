ALTER TABLE "tips_snapshots" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tips_snapshots" ADD COLUMN "body_gzip" "bytea";--> statement-breakpoint
ALTER TABLE "tips_snapshots" ADD CONSTRAINT "tips_snapshots_body_check" CHECK ("tips_snapshots"."body" is not null or "tips_snapshots"."body_gzip" is not null);--> statement-breakpoint
-- The gzip text is stored as it is: no second, slower compression by PostgreSQL (TOAST's pglz).
ALTER TABLE "tips_snapshots" ALTER COLUMN "body_gzip" SET STORAGE EXTERNAL;
