CREATE TABLE "upload_receipts" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_receipts_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "link_tokens" DROP CONSTRAINT "link_tokens_action_check";--> statement-breakpoint
ALTER TABLE "link_tokens" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "upload_receipts" ADD CONSTRAINT "upload_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_receipts_created_idx" ON "upload_receipts" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "link_tokens" ADD CONSTRAINT "link_tokens_action_check" CHECK ("link_tokens"."action" in ('recovery', 'invitation', 'register-portero', 'registry', 'email-change'));