ALTER TABLE "airdrop_chain_events" ADD COLUMN "block_hash" text;--> statement-breakpoint
ALTER TABLE "airdrop_chain_events" ADD COLUMN "undo" jsonb;--> statement-breakpoint
ALTER TABLE "airdrop_indexer_cursors" ADD COLUMN "last_block_hash" text;--> statement-breakpoint
CREATE INDEX "airdrop_chain_events_block_idx" ON "airdrop_chain_events" USING btree ("chain_id","block_number");