CREATE TABLE "colegio_dashboard_cache" (
	"colegio_id" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"members" integer NOT NULL,
	"members_version" bigint NOT NULL,
	"communities" integer NOT NULL,
	"communities_version" bigint NOT NULL,
	"figures" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "colegio_dashboard_cache" ADD CONSTRAINT "colegio_dashboard_cache_colegio_id_companies_id_fk" FOREIGN KEY ("colegio_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A company deactivated in a colegio, or deleted, leaves the colegio's lists of providers: its version moves
-- with it, as every write that changes what a colegio's dashboard answers moves some version of the colegio
-- (schema/dashboard.ts, colegio_dashboard_cache).
CREATE FUNCTION "compliance_bump_members"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "compliance_bump"(ARRAY[NEW."company_id", OLD."company_id"]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "compliance_bump_members" AFTER INSERT OR UPDATE ON "colegio_members"
  FOR EACH ROW EXECUTE FUNCTION "compliance_bump_members"();--> statement-breakpoint
CREATE FUNCTION "compliance_bump_companies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "compliance_bump"(ARRAY[NEW."id"]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "compliance_bump_companies" AFTER UPDATE OF "erased", "type" ON "companies"
  FOR EACH ROW WHEN (OLD."erased" IS DISTINCT FROM NEW."erased" OR OLD."type" IS DISTINCT FROM NEW."type")
  EXECUTE FUNCTION "compliance_bump_companies"();
--> statement-breakpoint
-- A validation, or its withdrawal, changes only its company's figures (the documents waiting for the
-- colegio, compliance.sql.ts): no duty, upload count or read depends on it. Its readers and communities keep
-- their versions, so a round of validations no longer makes the lists compute hundreds of rows again.
-- A document of a company that is not a member of its definition's colegio (a porter's: porters work in
-- communities, not as members) also raises the colegio's own version: the colegio dashboard counts every
-- document of its definitions, and its fingerprint holds its members' versions and its own.
CREATE FUNCTION "compliance_outsider_colegios"(definition integer, company integer) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT array(
    SELECT def."colegio_id" FROM "document_definitions" def
    WHERE def."id" = definition
      AND NOT EXISTS (SELECT 1 FROM "colegio_members" m WHERE m."colegio_id" = def."colegio_id" AND m."company_id" = company))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "compliance_bump_documents"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  places integer[];
  old_places integer[] := '{}';
  colegios integer[] := "compliance_outsider_colegios"(NEW."definition_id", NEW."company_id");
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD."definition_id", OLD."company_id") IS DISTINCT FROM (NEW."definition_id", NEW."company_id") THEN
    colegios := colegios || "compliance_outsider_colegios"(OLD."definition_id", OLD."company_id");
  END IF;
  IF TG_OP = 'UPDATE' AND to_jsonb(OLD) - '{validated,validated_at,validated_by}'::text[]
                        = to_jsonb(NEW) - '{validated,validated_at,validated_by}'::text[] THEN
    PERFORM "compliance_bump"(ARRAY[NEW."company_id"] || colegios);
    RETURN NULL;
  END IF;
  places := "compliance_communities_of"(NEW."company_id", NEW."community_id");
  IF TG_OP = 'UPDATE' AND (OLD."company_id", OLD."community_id") IS DISTINCT FROM (NEW."company_id", NEW."community_id") THEN
    old_places := "compliance_communities_of"(OLD."company_id", OLD."community_id");
    PERFORM "compliance_bump"("compliance_readers_of"(NEW."company_id", places) || "compliance_readers_of"(OLD."company_id", old_places) || colegios);
  ELSE
    PERFORM "compliance_bump"("compliance_readers_of"(NEW."company_id", places) || colegios);
  END IF;
  PERFORM "community_bump"(places || old_places);
  RETURN NULL;
END $$;
