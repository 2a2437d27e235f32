ALTER TABLE "points_balance_counts" ADD COLUMN "users_at_or_above" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "points_balance_counts" AS "counts" SET "users_at_or_above" = "running"."total" FROM (SELECT "points", sum("users") OVER (ORDER BY "points" DESC) AS "total" FROM "points_balance_counts") AS "running" WHERE "counts"."points" = "running"."points";
