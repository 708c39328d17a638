CREATE TABLE "import_run_rows" (
	"run_id" integer NOT NULL,
	"row" integer NOT NULL,
	"values" jsonb NOT NULL,
	"outcome" text,
	"message" jsonb,
	CONSTRAINT "import_run_rows_run_id_row_pk" PRIMARY KEY("run_id","row"),
	CONSTRAINT "import_run_rows_outcome_check" CHECK ("import_run_rows"."outcome" is null or "import_run_rows"."outcome" in ('created', 'included', 'linked', 'already', 'invalid', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"company_id" integer NOT NULL,
	"colegio_id" integer NOT NULL,
	"community_id" integer,
	"user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_runs_status_check" CHECK ("import_runs"."status" in ('importing', 'endErrors', 'endCorrect')),
	CONSTRAINT "import_runs_kind_check" CHECK ("import_runs"."kind" in ('administrators', 'providers', 'communities', 'community-providers', 'pairs'))
);
--> statement-breakpoint
ALTER TABLE "import_run_rows" ADD CONSTRAINT "import_run_rows_run_id_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_colegio_id_companies_id_fk" FOREIGN KEY ("colegio_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_run_rows_problems_idx" ON "import_run_rows" USING btree ("run_id","row") WHERE "import_run_rows"."outcome" in ('invalid', 'failed');--> statement-breakpoint
CREATE INDEX "import_runs_company_idx" ON "import_runs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "import_runs_colegio_idx" ON "import_runs" USING btree ("colegio_id");--> statement-breakpoint
CREATE INDEX "import_runs_community_idx" ON "import_runs" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "import_runs_user_idx" ON "import_runs" USING btree ("user_id");