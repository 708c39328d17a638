CREATE TABLE "community_figures_cache" (
	"community_id" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"version" bigint NOT NULL,
	"mandatory_count" integer NOT NULL,
	"mandatory_uploaded_count" integer NOT NULL,
	"expected_count_read" integer NOT NULL,
	"count_read" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_snapshots" (
	"colegio_id" integer NOT NULL,
	"day" date NOT NULL,
	"providers_ok" integer NOT NULL,
	"providers_warn" integer NOT NULL,
	"providers_error" integer NOT NULL,
	"providers_none" integer NOT NULL,
	"communities_ok" integer NOT NULL,
	"communities_warn" integer NOT NULL,
	"communities_error" integer NOT NULL,
	"communities_none" integer NOT NULL,
	CONSTRAINT "dashboard_snapshots_colegio_id_day_pk" PRIMARY KEY("colegio_id","day"),
	CONSTRAINT "dashboard_snapshots_counts_check" CHECK (least("dashboard_snapshots"."providers_ok", "dashboard_snapshots"."providers_warn", "dashboard_snapshots"."providers_error", "dashboard_snapshots"."providers_none", "dashboard_snapshots"."communities_ok", "dashboard_snapshots"."communities_warn", "dashboard_snapshots"."communities_error", "dashboard_snapshots"."communities_none") >= 0)
);
--> statement-breakpoint
ALTER TABLE "dashboard_snapshots" ADD CONSTRAINT "dashboard_snapshots_colegio_id_companies_id_fk" FOREIGN KEY ("colegio_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_documents_definition_created_idx" ON "company_documents" USING btree ("definition_id","created_at") WHERE "company_documents"."erased" = false and "company_documents"."file_deleted" = false;--> statement-breakpoint
CREATE INDEX "company_documents_pending_validation_idx" ON "company_documents" USING btree ("definition_id","file_obsolete") WHERE "company_documents"."erased" = false and "company_documents"."validated" = false and "company_documents"."file_deleted" = false;--> statement-breakpoint
CREATE INDEX "company_documents_definition_obsolete_idx" ON "company_documents" USING btree ("definition_id","file_obsolete") WHERE "company_documents"."erased" = false and "company_documents"."file_deleted" = false and "company_documents"."file_obsolete" is not null;