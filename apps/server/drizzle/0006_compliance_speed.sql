DROP INDEX "company_documents_company_community_idx";--> statement-breakpoint
DROP INDEX "read_marks_community_idx";--> statement-breakpoint
ALTER TABLE "company_documents" ADD COLUMN "file_obsolete" date;--> statement-breakpoint
ALTER TABLE "company_documents" ADD COLUMN "file_deleted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "company_documents" d SET "file_obsolete" = f."obsolete", "file_deleted" = f."deleted" FROM "files" f WHERE f."id" = d."file_id";--> statement-breakpoint
-- A document's copy of its file's expiry and deletion is set from the file when the document is written
-- and follows every change of the file: the compliance figures read it instead of the file row.
CREATE FUNCTION "company_documents_copy_file"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT f."obsolete", f."deleted" INTO NEW."file_obsolete", NEW."file_deleted" FROM "files" f WHERE f."id" = NEW."file_id";
  IF NOT FOUND THEN
    RAISE EXCEPTION 'company_documents: file % is not visible to this statement', NEW."file_id" USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "company_documents_copy_file" BEFORE INSERT OR UPDATE ON "company_documents"
  FOR EACH ROW EXECUTE FUNCTION "company_documents_copy_file"();--> statement-breakpoint
CREATE FUNCTION "files_follow_documents"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "company_documents" SET "file_obsolete" = NEW."obsolete", "file_deleted" = NEW."deleted" WHERE "file_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "files_follow_documents" AFTER UPDATE OF "obsolete", "deleted" ON "files"
  FOR EACH ROW WHEN (OLD."obsolete" IS DISTINCT FROM NEW."obsolete" OR OLD."deleted" IS DISTINCT FROM NEW."deleted")
  EXECUTE FUNCTION "files_follow_documents"();--> statement-breakpoint
CREATE INDEX "community_providers_community_live_idx" ON "community_providers" USING btree ("community_id","provider_company_id") WHERE "community_providers"."erased" = false;--> statement-breakpoint
CREATE INDEX "company_documents_company_community_idx" ON "company_documents" USING btree ("company_id","community_id","definition_id","file_obsolete","file_deleted","id") WHERE "company_documents"."erased" = false;--> statement-breakpoint
CREATE INDEX "read_marks_community_idx" ON "read_marks" USING btree ("community_id","document_id","reader_company_id");