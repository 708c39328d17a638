-- A company's 'En Fincas' joins its cached figures (the providers lists sort by it). The cache's rows are
-- recomputed on the next read or by the warm-up: emptied here rather than filled with a guess (locked first, so
-- that a server still running the previous version cannot add a row between the two statements).
LOCK TABLE "company_figures_cache" IN ACCESS EXCLUSIVE MODE;--> statement-breakpoint
DELETE FROM "company_figures_cache";--> statement-breakpoint
ALTER TABLE "company_figures_cache" ADD COLUMN "fincas" integer NOT NULL;
