DROP INDEX "companies_type_owner_email_idx";--> statement-breakpoint
DROP INDEX "companies_type_owner_email_desc_idx";--> statement-breakpoint
ALTER TABLE "colegio_members" ADD COLUMN "name_key" text;--> statement-breakpoint
ALTER TABLE "colegio_members" ADD COLUMN "cif_norm" text;--> statement-breakpoint
ALTER TABLE "colegio_members" ADD COLUMN "owner_email" text;--> statement-breakpoint
-- Issue 24: a colegio's list sorted by name, tax id or manager walks colegio_members' own index in order and stops
-- after the page. Walking companies' index instead, probing each company's membership, depended on the
-- planner's estimate of how many companies of the type are members: on a freshly loaded colegio it sorted
-- all of them. The copies: lower(companies.name), companies.cif_norm and companies.owner_email (itself kept
-- from users, 0024), set with company_type (0002) on every write of a membership and carried along when the
-- company changes.
-- Never written by the application: any write of a copy reads the company again.
CREATE FUNCTION colegio_members_copy_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- FOR SHARE: a change of the company committing meanwhile waits for this write, then corrects it.
  SELECT "type", lower("name"), "cif_norm", "owner_email"
  INTO NEW."company_type", NEW."name_key", NEW."cif_norm", NEW."owner_email"
  FROM "companies" WHERE "id" = NEW."company_id" FOR SHARE;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "colegio_members_company_type" ON "colegio_members";--> statement-breakpoint
DROP FUNCTION colegio_members_set_company_type();--> statement-breakpoint
CREATE TRIGGER "colegio_members_company_copies" BEFORE INSERT OR UPDATE OF "company_id", "company_type", "name_key", "cif_norm", "owner_email"
  ON "colegio_members" FOR EACH ROW EXECUTE FUNCTION colegio_members_copy_company();--> statement-breakpoint
CREATE FUNCTION companies_to_colegio_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Touching company_type makes colegio_members_company_copies read the company again; the memberships
  -- that already hold its values are left alone.
  UPDATE "colegio_members" SET "company_type" = NULL
  WHERE "company_id" = NEW."id"
    AND ("company_type", "name_key", "cif_norm", "owner_email")
      IS DISTINCT FROM (NEW."type", lower(NEW."name"), NEW."cif_norm", NEW."owner_email");
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "companies_type_to_colegio_members" ON "companies";--> statement-breakpoint
DROP FUNCTION companies_type_to_colegio_members();--> statement-breakpoint
-- owner_user_id: a new manager changes owner_email in companies_owner_email (a BEFORE trigger), which an
-- UPDATE OF "owner_email" alone would not see.
CREATE TRIGGER "companies_to_colegio_members" AFTER UPDATE OF "type", "name", "cif_norm", "owner_user_id", "owner_email" ON "companies"
  FOR EACH ROW WHEN ((OLD."type", lower(OLD."name"), OLD."cif_norm", OLD."owner_email")
    IS DISTINCT FROM (NEW."type", lower(NEW."name"), NEW."cif_norm", NEW."owner_email"))
  EXECUTE FUNCTION companies_to_colegio_members();--> statement-breakpoint
-- A membership's figures depend on its colegio, company, type and state, not on the copies used to sort it:
-- refreshing a copy raises no version (compliance_bump_members, 0021), so a renamed company keeps its cached
-- figures.
DROP TRIGGER "compliance_bump_members" ON "colegio_members";--> statement-breakpoint
CREATE TRIGGER "compliance_bump_members" AFTER INSERT ON "colegio_members"
  FOR EACH ROW EXECUTE FUNCTION "compliance_bump_members"();--> statement-breakpoint
CREATE TRIGGER "compliance_bump_members_changed" AFTER UPDATE ON "colegio_members"
  FOR EACH ROW WHEN ((OLD."colegio_id", OLD."company_id", OLD."erased", OLD."company_type", OLD."created_at")
    IS DISTINCT FROM (NEW."colegio_id", NEW."company_id", NEW."erased", NEW."company_type", NEW."created_at"))
  EXECUTE FUNCTION "compliance_bump_members"();--> statement-breakpoint
-- The triggers first, then the copies: a write made meanwhile is caught either way. Then the indexes, built
-- once over the filled column.
UPDATE "colegio_members" SET "name_key" = NULL;--> statement-breakpoint
CREATE INDEX "colegio_members_name_idx" ON "colegio_members" USING btree ("colegio_id","company_type","name_key","company_id");--> statement-breakpoint
CREATE INDEX "colegio_members_cif_idx" ON "colegio_members" USING btree ("colegio_id","company_type","cif_norm","company_id");--> statement-breakpoint
CREATE INDEX "colegio_members_cif_desc_idx" ON "colegio_members" USING btree ("colegio_id","company_type","cif_norm" DESC NULLS LAST,"company_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "colegio_members_owner_email_idx" ON "colegio_members" USING btree ("colegio_id","company_type","owner_email","company_id");--> statement-breakpoint
CREATE INDEX "colegio_members_owner_email_desc_idx" ON "colegio_members" USING btree ("colegio_id","company_type","owner_email" DESC NULLS LAST,"company_id" DESC NULLS FIRST);
