CREATE TABLE "community_versions" (
	"community_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_figures_cache" (
	"colegio_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"version" bigint NOT NULL,
	"upload_must" integer NOT NULL,
	"all_uploaded" integer NOT NULL,
	"read_must" integer NOT NULL,
	"read_all" integer NOT NULL,
	"pending_validation" integer NOT NULL,
	CONSTRAINT "company_figures_cache_colegio_id_company_id_pk" PRIMARY KEY("colegio_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "compliance_versions" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_figures_cache" (
	"community_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"day" date NOT NULL,
	"version" bigint NOT NULL,
	"upload_must" integer NOT NULL,
	"uploaded_count" integer NOT NULL,
	"readed_must" integer NOT NULL,
	"readed_count" integer NOT NULL,
	CONSTRAINT "provider_figures_cache_community_id_provider_id_pk" PRIMARY KEY("community_id","provider_id")
);
--> statement-breakpoint
-- A write raises the versions of every company and every community whose figures it can change
-- (companies first, then communities, each in id order, so that two writers never wait for each
-- other's rows in opposite orders).
CREATE FUNCTION "compliance_bump"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "compliance_versions" ("company_id", "version")
  SELECT DISTINCT id, 1 FROM unnest(ids) AS id WHERE id IS NOT NULL ORDER BY 1
  ON CONFLICT ("company_id") DO UPDATE SET "version" = "compliance_versions"."version" + 1
$$;--> statement-breakpoint
CREATE FUNCTION "community_bump"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "community_versions" ("community_id", "version")
  SELECT DISTINCT id, 1 FROM unnest(ids) AS id WHERE id IS NOT NULL ORDER BY 1
  ON CONFLICT ("community_id") DO UPDATE SET "version" = "community_versions"."version" + 1
$$;--> statement-breakpoint
-- The communities where `company` is a party and its documents count (`community`; null: all of them).
CREATE FUNCTION "compliance_communities_of"(company integer, community integer) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT array(
    SELECT f."id" FROM "communities" f
    WHERE f."admin_company_id" = company AND (community IS NULL OR f."id" = community)
    UNION
    SELECT p."community_id" FROM "community_providers" p
    WHERE p."provider_company_id" = company AND p."erased" = false AND (community IS NULL OR p."community_id" = community))
$$;--> statement-breakpoint
-- The company itself (its uploads and validations) and the providers that read its documents there.
CREATE FUNCTION "compliance_readers_of"(company integer, communities integer[]) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT array(
    SELECT company
    UNION
    SELECT r."provider_company_id" FROM "community_providers" r
    WHERE r."erased" = false AND r."community_id" = ANY (communities))
$$;--> statement-breakpoint
CREATE FUNCTION "compliance_bump_documents"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  places integer[] := "compliance_communities_of"(NEW."company_id", NEW."community_id");
  old_places integer[] := '{}';
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD."company_id", OLD."community_id") IS DISTINCT FROM (NEW."company_id", NEW."community_id") THEN
    old_places := "compliance_communities_of"(OLD."company_id", OLD."community_id");
    PERFORM "compliance_bump"("compliance_readers_of"(NEW."company_id", places) || "compliance_readers_of"(OLD."company_id", old_places));
  ELSE
    PERFORM "compliance_bump"("compliance_readers_of"(NEW."company_id", places));
  END IF;
  PERFORM "community_bump"(places || old_places);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "compliance_bump_documents" AFTER INSERT OR UPDATE ON "company_documents"
  FOR EACH ROW EXECUTE FUNCTION "compliance_bump_documents"();--> statement-breakpoint
CREATE FUNCTION "compliance_bump_marks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM "compliance_bump"(ARRAY[NEW."reader_company_id", OLD."reader_company_id"]);
    PERFORM "community_bump"(ARRAY[NEW."community_id", OLD."community_id"]);
  ELSE
    PERFORM "compliance_bump"(ARRAY[NEW."reader_company_id"]);
    PERFORM "community_bump"(ARRAY[NEW."community_id"]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "compliance_bump_marks" AFTER INSERT OR UPDATE ON "read_marks"
  FOR EACH ROW EXECUTE FUNCTION "compliance_bump_marks"();--> statement-breakpoint
-- A provider joining or leaving a community changes its own duties and who the others there read.
CREATE FUNCTION "compliance_bump_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "compliance_bump"(array(SELECT p."provider_company_id" FROM "community_providers" p
                                  WHERE p."community_id" IN (NEW."community_id", OLD."community_id")));
  PERFORM "community_bump"(ARRAY[NEW."community_id", OLD."community_id"]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "compliance_bump_links" AFTER INSERT OR UPDATE ON "community_providers"
  FOR EACH ROW EXECUTE FUNCTION "compliance_bump_links"();--> statement-breakpoint
CREATE FUNCTION "compliance_bump_communities"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "compliance_bump"(array(SELECT p."provider_company_id" FROM "community_providers" p
                                  WHERE p."community_id" = NEW."id"));
  PERFORM "community_bump"(ARRAY[NEW."id"]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "compliance_bump_communities" AFTER UPDATE OF "erased", "admin_company_id", "colegio_id" ON "communities"
  FOR EACH ROW EXECUTE FUNCTION "compliance_bump_communities"();--> statement-breakpoint
-- A definition is everybody's business in its colegio.
CREATE FUNCTION "compliance_bump_definitions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "compliance_bump"(array(SELECT m."company_id" FROM "colegio_members" m
                                  WHERE m."colegio_id" IN (NEW."colegio_id", OLD."colegio_id")));
  PERFORM "community_bump"(array(SELECT f."id" FROM "communities" f
                                 WHERE f."colegio_id" IN (NEW."colegio_id", OLD."colegio_id")));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "compliance_bump_definitions" AFTER INSERT OR UPDATE ON "document_definitions"
  FOR EACH ROW EXECUTE FUNCTION "compliance_bump_definitions"();
