CREATE TABLE "x_spending_months" (
	"month" text PRIMARY KEY NOT NULL,
	"items" bigint DEFAULT 0 NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
