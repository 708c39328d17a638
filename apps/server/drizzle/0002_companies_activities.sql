-- Trigram indexes for the 'contains' searches of the lists (pg_trgm is a trusted extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
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
ALTER TABLE "colegio_members" ADD COLUMN "company_type" integer;--> statement-breakpoint
UPDATE "colegio_members" m SET "company_type" = c."type" FROM "companies" c WHERE c."id" = m."company_id";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_colegio_id_companies_id_fk" FOREIGN KEY ("colegio_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_activities" ADD CONSTRAINT "company_activities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_activities" ADD CONSTRAINT "company_activities_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_colegio_name_key" ON "activities" USING btree ("colegio_id",lower("name"));--> statement-breakpoint
CREATE INDEX "company_activities_activity_idx" ON "company_activities" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "community_providers_provider_live_idx" ON "community_providers" USING btree ("provider_company_id","community_id") WHERE "community_providers"."erased" = false;--> statement-breakpoint
CREATE INDEX "colegio_members_type_idx" ON "colegio_members" USING btree ("colegio_id","company_type","erased");--> statement-breakpoint
CREATE INDEX "companies_type_name_idx" ON "companies" USING btree ("type",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_cif_trgm_idx" ON "companies" USING gin ("cif" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- colegio_members.company_type always equals the member company's type: set on every new membership,
-- and carried along when a company's type changes.
CREATE FUNCTION colegio_members_set_company_type() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "type" INTO NEW."company_type" FROM "companies" WHERE "id" = NEW."company_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER colegio_members_company_type BEFORE INSERT OR UPDATE OF "company_id", "company_type" ON "colegio_members"
  FOR EACH ROW EXECUTE FUNCTION colegio_members_set_company_type();--> statement-breakpoint
CREATE FUNCTION companies_type_to_colegio_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "colegio_members" SET "company_type" = NEW."type" WHERE "company_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER companies_type_to_colegio_members AFTER UPDATE OF "type" ON "companies"
  FOR EACH ROW WHEN (OLD."type" IS DISTINCT FROM NEW."type") EXECUTE FUNCTION companies_type_to_colegio_members();
