CREATE TABLE "inclusion_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_company_id" integer NOT NULL,
	"colegio_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"outcome" text,
	CONSTRAINT "inclusion_requests_outcome_check" CHECK ("inclusion_requests"."outcome" in ('included', 'declined', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "inclusion_requests" ADD CONSTRAINT "inclusion_requests_provider_company_id_companies_id_fk" FOREIGN KEY ("provider_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inclusion_requests" ADD CONSTRAINT "inclusion_requests_colegio_id_companies_id_fk" FOREIGN KEY ("colegio_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inclusion_requests" ADD CONSTRAINT "inclusion_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inclusion_requests" ADD CONSTRAINT "inclusion_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inclusion_requests_open_key" ON "inclusion_requests" USING btree ("provider_company_id","colegio_id") WHERE "inclusion_requests"."outcome" is null;--> statement-breakpoint
CREATE INDEX "inclusion_requests_colegio_idx" ON "inclusion_requests" USING btree ("colegio_id","created_at") WHERE "inclusion_requests"."outcome" is null;