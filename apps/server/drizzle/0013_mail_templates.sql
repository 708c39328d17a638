ALTER TABLE "mail_outbox" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "template_values" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_content_check" CHECK (("mail_outbox"."template" is not null and "mail_outbox"."template_values" is not null) or ("mail_outbox"."text" is not null and "mail_outbox"."html" is not null));