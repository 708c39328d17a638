CREATE TABLE "pending_work_cache" (
	"colegio_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"version" bigint NOT NULL,
	"pending" boolean NOT NULL,
	CONSTRAINT "pending_work_cache_colegio_id_company_id_pk" PRIMARY KEY("colegio_id","company_id")
);
