DROP INDEX "door_logs_door_occurred_idx";--> statement-breakpoint
DROP INDEX "door_logs_user_occurred_idx";--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "intercom_code" text;--> statement-breakpoint
CREATE INDEX "calls_door_started_idx" ON "calls" USING btree ("door_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "calls_unit_started_idx" ON "calls" USING btree ("unit_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "calls_user_started_idx" ON "calls" USING btree ("user_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "door_logs_unit_occurred_idx" ON "door_logs" USING btree ("unit_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "door_logs_visitor_occurred_idx" ON "door_logs" USING btree ("visitor_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "door_logs_not_opened_idx" ON "door_logs" USING btree ("building_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "door_logs"."result" <> 'opened';--> statement-breakpoint
CREATE UNIQUE INDEX "units_building_intercom_code_key" ON "units" USING btree ("building_id","intercom_code");--> statement-breakpoint
CREATE INDEX "door_logs_door_occurred_idx" ON "door_logs" USING btree ("door_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "door_logs_user_occurred_idx" ON "door_logs" USING btree ("user_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);