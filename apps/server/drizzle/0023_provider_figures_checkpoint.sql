CREATE TABLE "provider_figures_checkpoint" (
	"colegio_id" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"snapshot_xmin" "xid8" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_figures_cache" ADD COLUMN "owed" integer GENERATED ALWAYS AS (greatest(upload_must - all_uploaded, 0) + greatest(read_must - read_all, 0) + pending_validation) STORED;--> statement-breakpoint
ALTER TABLE "compliance_versions" ADD COLUMN "changed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "company_figures_cache_owed_idx" ON "company_figures_cache" USING btree ("colegio_id","owed","company_id");--> statement-breakpoint
CREATE INDEX "company_figures_cache_fincas_idx" ON "company_figures_cache" USING btree ("colegio_id","fincas","company_id");--> statement-breakpoint
CREATE INDEX "company_figures_cache_day_idx" ON "company_figures_cache" USING btree ("colegio_id","day");--> statement-breakpoint
CREATE INDEX "compliance_versions_changed_idx" ON "compliance_versions" USING btree ("changed_xid");--> statement-breakpoint
-- A version raised also says by which transaction (compliance_versions.changed_xid): the providers list
-- sorted by a figure recomputes only the companies changed since its checkpoint's snapshot.
CREATE OR REPLACE FUNCTION "compliance_bump"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "compliance_versions" ("company_id", "version", "changed_xid")
  SELECT DISTINCT id, 1, pg_current_xact_id() FROM unnest(ids) AS id WHERE id IS NOT NULL ORDER BY 1
  ON CONFLICT ("company_id") DO UPDATE
    SET "version" = "compliance_versions"."version" + 1, "changed_xid" = excluded."changed_xid"
$$;
