ALTER TABLE "tips_campaigns" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tips_campaigns" ADD COLUMN "refunded_amount" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "tips_campaigns" ADD COLUMN "refund_tx_hash" text;