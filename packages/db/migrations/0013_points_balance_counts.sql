CREATE TABLE "points_balance_counts" (
	"points" bigint PRIMARY KEY NOT NULL,
	"users" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_balance_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"points" bigint NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
-- Balances credited before this migration: count them once.
INSERT INTO "points_balance_counts" ("points", "users") SELECT "points", count(*) FROM "points_totals" WHERE "points" > 0 GROUP BY "points";
