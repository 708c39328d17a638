CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"colegio_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_activities" (
	"company_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	CONSTRAINT "company_activities_company_id_activity_id_pk" PRIMARY KEY("company_id","activity_id")
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "colegio_members" ADD COLUMN "erased" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_colegio_id_companies_id_fk" FOREIGN KEY ("colegio_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_activities" ADD CONSTRAINT "company_activities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_activities" ADD CONSTRAINT "company_activities_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_colegio_name_key" ON "activities" USING btree ("colegio_id",lower("name"));--> statement-breakpoint
CREATE INDEX "company_activities_activity_idx" ON "company_activities" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "companies_type_name_idx" ON "companies" USING btree ("type",lower("name"),"id");