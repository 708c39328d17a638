CREATE TABLE "communities" (
	"id" serial PRIMARY KEY NOT NULL,
	"colegio_id" integer NOT NULL,
	"admin_company_id" integer NOT NULL,
	"name" text NOT NULL,
	"cif" text NOT NULL,
	"cif_norm" text NOT NULL,
	"email" text,
	"contact_person" text,
	"phone" text,
	"address" text,
	"city" text,
	"province" text,
	"postcode" text,
	"erased" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_porters" (
	"community_id" integer NOT NULL,
	"porter_user_id" integer NOT NULL,
	"erased" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_porters_community_id_porter_user_id_pk" PRIMARY KEY("community_id","porter_user_id")
);
--> statement-breakpoint
CREATE TABLE "community_providers" (
	"community_id" integer NOT NULL,
	"provider_company_id" integer NOT NULL,
	"erased" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_providers_community_id_provider_company_id_pk" PRIMARY KEY("community_id","provider_company_id")
);
--> statement-breakpoint
CREATE TABLE "colegio_members" (
	"colegio_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "colegio_members_colegio_id_company_id_pk" PRIMARY KEY("colegio_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" integer NOT NULL,
	"name" text NOT NULL,
	"cif" text NOT NULL,
	"cif_norm" text NOT NULL,
	"owner_company_id" integer,
	"owner_user_id" integer,
	"erased" boolean DEFAULT false NOT NULL,
	"contact_person" text,
	"phone" text,
	"email" text,
	"address" text,
	"city" text,
	"province" text,
	"postcode" text,
	"features" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_type_check" CHECK ("companies"."type" in (0, 5, 6, 10, 15, 20, 25, 30, 100))
);
--> statement-breakpoint
CREATE TABLE "company_configs" (
	"company_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_configs_company_id_key_pk" PRIMARY KEY("company_id","key")
);
--> statement-breakpoint
CREATE TABLE "auth_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "assigned_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"valuetype" text DEFAULT 'boolean' NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"user_role" integer NOT NULL,
	"company_id" integer NOT NULL,
	"erased" boolean DEFAULT false NOT NULL,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."user_role" in (0, 5, 6, 10, 15, 20, 25, 30, 100)),
	CONSTRAINT "users_email_lower_check" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_colegio_id_companies_id_fk" FOREIGN KEY ("colegio_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_admin_company_id_companies_id_fk" FOREIGN KEY ("admin_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_porters" ADD CONSTRAINT "community_porters_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_porters" ADD CONSTRAINT "community_porters_porter_user_id_users_id_fk" FOREIGN KEY ("porter_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_providers" ADD CONSTRAINT "community_providers_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_providers" ADD CONSTRAINT "community_providers_provider_company_id_companies_id_fk" FOREIGN KEY ("provider_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colegio_members" ADD CONSTRAINT "colegio_members_colegio_id_companies_id_fk" FOREIGN KEY ("colegio_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colegio_members" ADD CONSTRAINT "colegio_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_configs" ADD CONSTRAINT "company_configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_settings" ADD CONSTRAINT "assigned_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "communities_cif_norm_live_key" ON "communities" USING btree ("cif_norm") WHERE "communities"."erased" = false;--> statement-breakpoint
CREATE INDEX "communities_admin_idx" ON "communities" USING btree ("admin_company_id","erased");--> statement-breakpoint
CREATE INDEX "communities_colegio_idx" ON "communities" USING btree ("colegio_id","erased");--> statement-breakpoint
CREATE INDEX "community_porters_porter_idx" ON "community_porters" USING btree ("porter_user_id","erased");--> statement-breakpoint
CREATE INDEX "community_providers_provider_idx" ON "community_providers" USING btree ("provider_company_id","erased");--> statement-breakpoint
CREATE INDEX "colegio_members_company_idx" ON "colegio_members" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_cif_norm_key" ON "companies" USING btree ("cif_norm");--> statement-breakpoint
CREATE INDEX "companies_type_idx" ON "companies" USING btree ("type","erased");--> statement-breakpoint
CREATE INDEX "companies_owner_company_idx" ON "companies" USING btree ("owner_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assigned_settings_user_name_key" ON "assigned_settings" USING btree ("user_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");