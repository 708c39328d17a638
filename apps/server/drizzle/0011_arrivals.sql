CREATE TABLE "provider_arrivals" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"provider_company_id" integer NOT NULL,
	"porter_user_id" integer NOT NULL,
	"arrived_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_count" integer NOT NULL,
	"upload_must" integer NOT NULL,
	"read_count" integer NOT NULL,
	"read_must" integer NOT NULL,
	"missing" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_arrivals" ADD CONSTRAINT "provider_arrivals_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_arrivals" ADD CONSTRAINT "provider_arrivals_provider_company_id_companies_id_fk" FOREIGN KEY ("provider_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_arrivals" ADD CONSTRAINT "provider_arrivals_porter_user_id_users_id_fk" FOREIGN KEY ("porter_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_arrivals_provider_idx" ON "provider_arrivals" USING btree ("community_id","provider_company_id","arrived_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "provider_arrivals_community_idx" ON "provider_arrivals" USING btree ("community_id","arrived_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "provider_arrivals_porter_idx" ON "provider_arrivals" USING btree ("porter_user_id");--> statement-breakpoint
CREATE INDEX "provider_arrivals_provider_company_idx" ON "provider_arrivals" USING btree ("provider_company_id");