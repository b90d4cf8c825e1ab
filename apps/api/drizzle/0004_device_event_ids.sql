-- Events that intercoms report in batches (2N's /api/log/pull) may be sent again: a retried request,
-- an overlapping pull. Calls are idempotent by (intercom_id, external_id) on `calls`; events that
-- write other rows (a relay switched on -> a door log row) claim their key here first, so each is
-- recorded once. Rows go with their intercom.
CREATE TABLE IF NOT EXISTS "device_events" (
  "intercom_id" uuid NOT NULL REFERENCES "intercoms"("id") ON DELETE CASCADE,
  "external_id" text NOT NULL,
  "inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "device_events_pkey" PRIMARY KEY ("intercom_id", "external_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_events_inserted_at_idx" ON "device_events" USING btree ("inserted_at");
