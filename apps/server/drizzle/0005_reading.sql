CREATE TABLE "read_marks" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"reader_company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "read_marks" ADD CONSTRAINT "read_marks_document_id_company_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."company_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "read_marks" ADD CONSTRAINT "read_marks_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "read_marks" ADD CONSTRAINT "read_marks_reader_company_id_companies_id_fk" FOREIGN KEY ("reader_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "read_marks" ADD CONSTRAINT "read_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "read_marks_key" ON "read_marks" USING btree ("document_id","community_id","reader_company_id");--> statement-breakpoint
CREATE INDEX "read_marks_community_idx" ON "read_marks" USING btree ("community_id","document_id");--> statement-breakpoint
CREATE INDEX "read_marks_reader_idx" ON "read_marks" USING btree ("reader_company_id","community_id");--> statement-breakpoint
CREATE INDEX "company_documents_company_community_idx" ON "company_documents" USING btree ("company_id","community_id","definition_id") WHERE "company_documents"."erased" = false;