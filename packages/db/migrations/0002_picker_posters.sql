CREATE TABLE "picker_posters" (
	"picker_id" bigint PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "picker_posters" ADD CONSTRAINT "picker_posters_picker_id_pickers_id_fk" FOREIGN KEY ("picker_id") REFERENCES "public"."pickers"("id") ON DELETE cascade ON UPDATE no action;