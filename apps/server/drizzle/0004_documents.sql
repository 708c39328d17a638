CREATE TABLE "company_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"definition_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"community_id" integer,
	"file_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"validated" boolean DEFAULT false NOT NULL,
	"validated_at" timestamp with time zone,
	"validated_by" integer,
	"erased" boolean DEFAULT false NOT NULL,
	"erased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "definition_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"definition_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"erased" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"colegio_id" integer NOT NULL,
	"name" text NOT NULL,
	"requirement_origin" integer NOT NULL,
	"requirement_dest" integer NOT NULL,
	"origin_read_required" boolean DEFAULT false NOT NULL,
	"dest_read_required" boolean DEFAULT false NOT NULL,
	"assocfinca" boolean DEFAULT false NOT NULL,
	"oneonly" boolean DEFAULT false NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"obsoletable" boolean DEFAULT false NOT NULL,
	"validate_colegio_required" boolean DEFAULT false NOT NULL,
	"editable_colegio" boolean DEFAULT false NOT NULL,
	"group" text,
	"erased" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_definitions_origin_check" CHECK ("document_definitions"."requirement_origin" in (0, 5, 25, 26, 27)),
	CONSTRAINT "document_definitions_dest_check" CHECK ("document_definitions"."requirement_dest" in (-1, 0, 5, 25, 26, 27)),
	CONSTRAINT "document_definitions_group_check" CHECK ("document_definitions"."group" is null or "document_definitions"."group" in ('LOPD', 'PORTERO'))
);
--> statement-breakpoint
CREATE TABLE "file_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"ftype" text NOT NULL,
	"obsolete" date,
	"owner_user_id" integer NOT NULL,
	"owner_company_id" integer NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "file_key_hash" text;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_definition_id_document_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."document_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_validated_by_users_id_fk" FOREIGN KEY ("validated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "definition_templates" ADD CONSTRAINT "definition_templates_definition_id_document_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."document_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "definition_templates" ADD CONSTRAINT "definition_templates_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_definitions" ADD CONSTRAINT "document_definitions_colegio_id_companies_id_fk" FOREIGN KEY ("colegio_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_links" ADD CONSTRAINT "file_links_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_links" ADD CONSTRAINT "file_links_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_company_id_companies_id_fk" FOREIGN KEY ("owner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_documents_file_key" ON "company_documents" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "company_documents_company_idx" ON "company_documents" USING btree ("company_id","definition_id") WHERE "company_documents"."erased" = false;--> statement-breakpoint
CREATE INDEX "company_documents_community_idx" ON "company_documents" USING btree ("community_id","definition_id") WHERE "company_documents"."erased" = false;--> statement-breakpoint
CREATE INDEX "company_documents_definition_idx" ON "company_documents" USING btree ("definition_id") WHERE "company_documents"."erased" = false;--> statement-breakpoint
CREATE INDEX "definition_templates_definition_idx" ON "definition_templates" USING btree ("definition_id") WHERE "definition_templates"."erased" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "definition_templates_file_key" ON "definition_templates" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "document_definitions_colegio_idx" ON "document_definitions" USING btree ("colegio_id","id") WHERE "document_definitions"."erased" = false;--> statement-breakpoint
CREATE INDEX "file_links_expires_idx" ON "file_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "files_sha256_idx" ON "files" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "files_owner_company_idx" ON "files" USING btree ("owner_company_id");