ALTER TABLE "community_providers" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
CREATE INDEX "communities_admin_name_idx" ON "communities" USING btree ("admin_company_id","colegio_id",lower("name"),"id") WHERE "communities"."erased" = false;--> statement-breakpoint
CREATE INDEX "communities_colegio_name_idx" ON "communities" USING btree ("colegio_id",lower("name"),"id") WHERE "communities"."erased" = false;--> statement-breakpoint
CREATE INDEX "communities_name_trgm_idx" ON "communities" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "communities_cif_trgm_idx" ON "communities" USING gin ("cif" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "community_providers" ADD CONSTRAINT "community_providers_id_key" UNIQUE("id");