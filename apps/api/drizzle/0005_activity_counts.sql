-- (device_events was created by migration 0004; this migration only brings it into the schema file.)
CREATE TABLE "activity_counts" (
	"building_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "activity_counts_pkey" PRIMARY KEY("building_id","kind","bucket")
);
--> statement-breakpoint
ALTER TABLE "activity_counts" ADD CONSTRAINT "activity_counts_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Statement-level triggers keep the 15-minute counts: one aggregated write per statement (a batch of
-- door opens, a retention delete), not one per row. Buckets start on the quarter hour, which every
-- time zone's midnight is on.
CREATE FUNCTION gatehouse_count_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'door_logs' THEN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      UPDATE activity_counts a SET count = a.count - gone.count
        FROM (SELECT building_id, date_bin('15 minutes', occurred_at, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS bucket, count(*)::int AS count
                FROM old_rows GROUP BY 1, 2) gone
       WHERE a.building_id = gone.building_id AND a.kind = 'door_log' AND a.bucket = gone.bucket;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO activity_counts (building_id, kind, bucket, count)
      SELECT building_id, 'door_log', date_bin('15 minutes', occurred_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), count(*)::int
        FROM new_rows GROUP BY 1, 3
      ON CONFLICT (building_id, kind, bucket) DO UPDATE SET count = activity_counts.count + excluded.count;
    END IF;
  ELSE
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      UPDATE activity_counts a SET count = a.count - gone.count
        FROM (SELECT building_id, date_bin('15 minutes', started_at, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS bucket, count(*)::int AS count
                FROM old_rows GROUP BY 1, 2) gone
       WHERE a.building_id = gone.building_id AND a.kind = 'call' AND a.bucket = gone.bucket;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO activity_counts (building_id, kind, bucket, count)
      SELECT building_id, 'call', date_bin('15 minutes', started_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), count(*)::int
        FROM new_rows GROUP BY 1, 3
      ON CONFLICT (building_id, kind, bucket) DO UPDATE SET count = activity_counts.count + excluded.count;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER door_logs_count_insert AFTER INSERT ON door_logs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_count_activity();
--> statement-breakpoint
CREATE TRIGGER door_logs_count_delete AFTER DELETE ON door_logs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_count_activity();
--> statement-breakpoint
CREATE TRIGGER calls_count_insert AFTER INSERT ON calls
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_count_activity();
--> statement-breakpoint
CREATE TRIGGER calls_count_update AFTER UPDATE ON calls
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_count_activity();
--> statement-breakpoint
CREATE TRIGGER calls_count_delete AFTER DELETE ON calls
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_count_activity();
--> statement-breakpoint
-- What existed before the counts were kept.
INSERT INTO activity_counts (building_id, kind, bucket, count)
SELECT building_id, 'door_log', date_bin('15 minutes', occurred_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), count(*)::int
  FROM door_logs GROUP BY 1, 3;
--> statement-breakpoint
INSERT INTO activity_counts (building_id, kind, bucket, count)
SELECT building_id, 'call', date_bin('15 minutes', started_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), count(*)::int
  FROM calls GROUP BY 1, 3;
