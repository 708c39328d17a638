CREATE TABLE "legal_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"colegio_id" integer,
	"kind" text NOT NULL,
	"version_id" integer,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_acceptances_kind_check" CHECK ("legal_acceptances"."kind" in ('condiciones-proveedores', 'condiciones-administradores'))
);
--> statement-breakpoint
CREATE TABLE "legal_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"colegio_id" integer NOT NULL,
	"kind" text NOT NULL,
	"html" text NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by" integer NOT NULL,
	CONSTRAINT "legal_texts_kind_check" CHECK ("legal_texts"."kind" in ('aviso-legal', 'condiciones-proveedores', 'condiciones-administradores'))
);
--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_colegio_id_companies_id_fk" FOREIGN KEY ("colegio_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_version_id_legal_texts_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."legal_texts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_texts" ADD CONSTRAINT "legal_texts_colegio_id_companies_id_fk" FOREIGN KEY ("colegio_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_texts" ADD CONSTRAINT "legal_texts_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_acceptances_user_version_key" ON "legal_acceptances" USING btree ("user_id","version_id") WHERE "legal_acceptances"."version_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_acceptances_user_builtin_key" ON "legal_acceptances" USING btree ("user_id",coalesce("colegio_id", 0),"kind") WHERE "legal_acceptances"."version_id" is null;--> statement-breakpoint
CREATE INDEX "legal_acceptances_colegio_idx" ON "legal_acceptances" USING btree ("colegio_id","accepted_at");--> statement-breakpoint
CREATE INDEX "legal_texts_current_idx" ON "legal_texts" USING btree ("colegio_id","kind","id" DESC NULLS LAST);--> statement-breakpoint
-- An accepted-legal setting given before versions existed is an acceptance of the built-in text (30 January
-- 2024) in each colegio the user's company belongs to: recorded so that the export lists it, dated by the setting.
INSERT INTO "legal_acceptances" ("user_id", "colegio_id", "kind", "version_id", "accepted_at")
SELECT a."user_id", m."colegio_id",
  CASE u."user_role" WHEN 20 THEN 'condiciones-proveedores' ELSE 'condiciones-administradores' END,
  NULL, a."updated_at"
FROM "assigned_settings" a
JOIN "users" u ON u."id" = a."user_id"
JOIN "colegio_members" m ON m."company_id" = u."company_id" AND m."erased" = false
WHERE a."name" = 'accepted-legal' AND a."value" = 'true' AND u."user_role" IN (15, 20)
ON CONFLICT DO NOTHING;
