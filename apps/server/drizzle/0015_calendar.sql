CREATE TABLE "calendar_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"provider_company_id" integer NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"notify" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"erased_at" timestamp with time zone,
	CONSTRAINT "calendar_entries_range_check" CHECK ("calendar_entries"."ends_at" > "calendar_entries"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_notice_mails" (
	"notice_id" integer NOT NULL,
	"outbox_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"kind" text NOT NULL,
	"coincidence_key" text NOT NULL,
	"other_entry_id" integer,
	"other_schedule_id" integer,
	"from_company_id" integer NOT NULL,
	"to_company_id" integer NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"overlap_start" timestamp with time zone NOT NULL,
	"overlap_end" timestamp with time zone NOT NULL,
	"ack_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by_user_id" integer,
	CONSTRAINT "calendar_notices_kind_check" CHECK ("calendar_notices"."kind" in ('entry', 'schedule', 'seven24')),
	CONSTRAINT "calendar_notices_overlap_check" CHECK ("calendar_notices"."overlap_end" > "calendar_notices"."overlap_start")
);
--> statement-breakpoint
CREATE TABLE "calendar_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"weekdays" smallint[] NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"obsolete" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"erased_at" timestamp with time zone,
	CONSTRAINT "calendar_schedules_weekdays_check" CHECK (cardinality("calendar_schedules"."weekdays") between 1 and 7)
);
--> statement-breakpoint
ALTER TABLE "calendar_entries" ADD CONSTRAINT "calendar_entries_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_entries" ADD CONSTRAINT "calendar_entries_provider_company_id_companies_id_fk" FOREIGN KEY ("provider_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_entries" ADD CONSTRAINT "calendar_entries_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_notice_mails" ADD CONSTRAINT "calendar_notice_mails_notice_id_calendar_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."calendar_notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_notice_mails" ADD CONSTRAINT "calendar_notice_mails_outbox_id_mail_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."mail_outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_notices" ADD CONSTRAINT "calendar_notices_entry_id_calendar_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."calendar_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_notices" ADD CONSTRAINT "calendar_notices_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_notices" ADD CONSTRAINT "calendar_notices_other_entry_id_calendar_entries_id_fk" FOREIGN KEY ("other_entry_id") REFERENCES "public"."calendar_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_notices" ADD CONSTRAINT "calendar_notices_other_schedule_id_calendar_schedules_id_fk" FOREIGN KEY ("other_schedule_id") REFERENCES "public"."calendar_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_notices" ADD CONSTRAINT "calendar_notices_from_company_id_companies_id_fk" FOREIGN KEY ("from_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_notices" ADD CONSTRAINT "calendar_notices_to_company_id_companies_id_fk" FOREIGN KEY ("to_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_notices" ADD CONSTRAINT "calendar_notices_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_notices" ADD CONSTRAINT "calendar_notices_acknowledged_by_user_id_users_id_fk" FOREIGN KEY ("acknowledged_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_schedules" ADD CONSTRAINT "calendar_schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_entries_community_idx" ON "calendar_entries" USING btree ("community_id","starts_at") WHERE "calendar_entries"."erased_at" is null;--> statement-breakpoint
CREATE INDEX "calendar_entries_provider_idx" ON "calendar_entries" USING btree ("provider_company_id","starts_at");--> statement-breakpoint
CREATE INDEX "calendar_entries_created_by_idx" ON "calendar_entries" USING btree ("created_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_key" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_notice_mails_key" ON "calendar_notice_mails" USING btree ("notice_id","outbox_id");--> statement-breakpoint
CREATE INDEX "calendar_notice_mails_outbox_idx" ON "calendar_notice_mails" USING btree ("outbox_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_notices_entry_key" ON "calendar_notices" USING btree ("entry_id","coincidence_key");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_notices_ack_token_key" ON "calendar_notices" USING btree ("ack_token_hash");--> statement-breakpoint
CREATE INDEX "calendar_notices_community_idx" ON "calendar_notices" USING btree ("community_id","overlap_start");--> statement-breakpoint
CREATE INDEX "calendar_notices_to_idx" ON "calendar_notices" USING btree ("to_company_id");--> statement-breakpoint
CREATE INDEX "calendar_notices_from_idx" ON "calendar_notices" USING btree ("from_company_id");--> statement-breakpoint
CREATE INDEX "calendar_notices_other_entry_idx" ON "calendar_notices" USING btree ("other_entry_id");--> statement-breakpoint
CREATE INDEX "calendar_notices_other_schedule_idx" ON "calendar_notices" USING btree ("other_schedule_id");--> statement-breakpoint
CREATE INDEX "calendar_notices_created_by_idx" ON "calendar_notices" USING btree ("created_by_user_id");--> statement-breakpoint
CREATE INDEX "calendar_notices_ack_by_idx" ON "calendar_notices" USING btree ("acknowledged_by_user_id");--> statement-breakpoint
CREATE INDEX "calendar_schedules_company_idx" ON "calendar_schedules" USING btree ("company_id") WHERE "calendar_schedules"."erased_at" is null;