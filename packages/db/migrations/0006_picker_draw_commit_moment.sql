-- When each draw's commitment was fixed, and the chain head read right after it (docs/fairness.md).
-- Existing rows: a draw or redraw was committed when its row was written; a replacement keeps the moment of
-- the draw it replaces in. The head read then was not kept: head_at_commit stays null for them.
ALTER TABLE "picker_draws" ADD COLUMN "committed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "picker_draws" AS "d" SET "committed_at" = coalesce((
  SELECT "c"."created_at" FROM "picker_draws" AS "c"
  WHERE "c"."picker_id" = "d"."picker_id" AND "c"."kind" IN ('draw', 'redraw') AND "c"."count" <= "d"."count"
  ORDER BY "c"."count" DESC LIMIT 1
), "d"."created_at");--> statement-breakpoint
ALTER TABLE "picker_draws" ALTER COLUMN "committed_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "picker_draws" ALTER COLUMN "committed_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "picker_draws" ADD COLUMN "head_at_commit" bigint;
