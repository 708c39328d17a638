CREATE TABLE "calendar_day_spans" (
	"community_id" integer NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"provider_company_id" integer NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "calendar_day_spans_pkey" PRIMARY KEY("community_id","first_day","last_day","provider_company_id")
);
--> statement-breakpoint
ALTER TABLE "calendar_entries" ADD COLUMN "first_day" date GENERATED ALWAYS AS ((starts_at at time zone 'Europe/Madrid')::date) STORED;--> statement-breakpoint
ALTER TABLE "calendar_entries" ADD COLUMN "last_day" date GENERATED ALWAYS AS (((ends_at at time zone 'Europe/Madrid') - interval '1 microsecond')::date) STORED;--> statement-breakpoint
-- calendar_day_spans follows calendar_entries in the same transaction: an entry counts in its span while it
-- is live (erased_at null). Entries are only inserted and erased, but any change is followed.
CREATE FUNCTION "calendar_day_spans_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.erased_at IS NULL) = (NEW.erased_at IS NULL)
     AND OLD.community_id = NEW.community_id AND OLD.provider_company_id = NEW.provider_company_id
     AND OLD.first_day = NEW.first_day AND OLD.last_day = NEW.last_day THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.erased_at IS NULL THEN
    UPDATE "calendar_day_spans" SET "entries" = "entries" - 1
    WHERE "community_id" = OLD.community_id AND "first_day" = OLD.first_day AND "last_day" = OLD.last_day
      AND "provider_company_id" = OLD.provider_company_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.erased_at IS NULL THEN
    INSERT INTO "calendar_day_spans" AS s ("community_id", "first_day", "last_day", "provider_company_id", "entries")
    VALUES (NEW.community_id, NEW.first_day, NEW.last_day, NEW.provider_company_id, 1)
    ON CONFLICT ("community_id", "first_day", "last_day", "provider_company_id")
    DO UPDATE SET "entries" = s."entries" + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "calendar_day_spans_follow" AFTER INSERT OR UPDATE OR DELETE ON "calendar_entries"
  FOR EACH ROW EXECUTE FUNCTION "calendar_day_spans_follow"();
--> statement-breakpoint
INSERT INTO "calendar_day_spans" ("community_id", "first_day", "last_day", "provider_company_id", "entries")
SELECT "community_id", "first_day", "last_day", "provider_company_id", count(*)
FROM "calendar_entries" WHERE "erased_at" IS NULL
GROUP BY 1, 2, 3, 4;
