ALTER TABLE "companies" ADD COLUMN "owner_email" text;--> statement-breakpoint
CREATE INDEX "companies_owner_user_idx" ON "companies" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "companies_type_owner_email_idx" ON "companies" USING btree ("type","owner_email","id");--> statement-breakpoint
CREATE INDEX "companies_type_owner_email_desc_idx" ON "companies" USING btree ("type","owner_email" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Issue 24: the manager's e-mail kept on its company (a copy of users.email of owner_user_id, null without
-- one), so a list sorted by it walks an index and stops after the page instead of looking up every member's
-- manager. Never written by the application: any write of it reads the user again.
CREATE FUNCTION companies_set_owner_email() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- FOR SHARE: a change of the user's e-mail committing meanwhile waits for this write, then corrects it.
  SELECT "email" INTO NEW."owner_email" FROM "users" WHERE "id" = NEW."owner_user_id" FOR SHARE;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER companies_owner_email BEFORE INSERT OR UPDATE OF "owner_user_id", "owner_email" ON "companies"
  FOR EACH ROW EXECUTE FUNCTION companies_set_owner_email();--> statement-breakpoint
CREATE FUNCTION users_email_to_companies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Touching owner_email makes companies_owner_email read the user again (gone after a delete: null); the
  -- rows that already hold it are left alone.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "companies" SET "owner_email" = NULL WHERE "owner_user_id" = OLD."id" AND "owner_email" IS NOT NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE "companies" SET "owner_email" = NULL
    WHERE "owner_user_id" = NEW."id" AND "owner_email" IS DISTINCT FROM NEW."email";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_email_to_companies AFTER UPDATE OF "id", "email" ON "users"
  FOR EACH ROW WHEN (OLD."id" IS DISTINCT FROM NEW."id" OR OLD."email" IS DISTINCT FROM NEW."email")
  EXECUTE FUNCTION users_email_to_companies();--> statement-breakpoint
CREATE TRIGGER users_to_companies AFTER INSERT OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION users_email_to_companies();--> statement-breakpoint
CREATE FUNCTION users_truncated_to_companies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "companies" SET "owner_email" = NULL WHERE "owner_email" IS NOT NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_truncated_to_companies AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION users_truncated_to_companies();--> statement-breakpoint
-- The triggers first, then the copies: a write made meanwhile is caught either way.
UPDATE "companies" SET "owner_email" = NULL WHERE "owner_user_id" IS NOT NULL;
