CREATE TABLE "oauth2_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"client_id" uuid NOT NULL,
	"authorization_id" uuid NOT NULL,
	"redirect_uri" text NOT NULL,
	"code_challenge" text NOT NULL,
	"code_challenge_method" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth2_refresh_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"authorization_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "saltoks_entries_synced_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "door_logs" ADD COLUMN "oauth2_client_id" uuid;--> statement-breakpoint
ALTER TABLE "door_logs" ADD COLUMN "elevator_call" jsonb;--> statement-breakpoint
ALTER TABLE "door_logs" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "oauth2_codes" ADD CONSTRAINT "oauth2_codes_client_id_oauth2_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."oauth2_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth2_codes" ADD CONSTRAINT "oauth2_codes_authorization_id_oauth2_authorizations_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "public"."oauth2_authorizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth2_refresh_tokens" ADD CONSTRAINT "oauth2_refresh_tokens_authorization_id_oauth2_authorizations_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "public"."oauth2_authorizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oauth2_codes_code_hash_key" ON "oauth2_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth2_refresh_tokens_token_hash_key" ON "oauth2_refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "oauth2_refresh_tokens_authorization_idx" ON "oauth2_refresh_tokens" USING btree ("authorization_id");--> statement-breakpoint
ALTER TABLE "door_logs" ADD CONSTRAINT "door_logs_oauth2_client_id_oauth2_clients_id_fk" FOREIGN KEY ("oauth2_client_id") REFERENCES "public"."oauth2_clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "door_logs_building_external_id_key" ON "door_logs" USING btree ("building_id","external_id") WHERE "door_logs"."external_id" IS NOT NULL;