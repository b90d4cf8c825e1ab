ALTER TABLE "oauth2_authorizations" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "oauth2_authorizations_user_client_live_key" ON "oauth2_authorizations" USING btree ("user_id","client_id") WHERE "oauth2_authorizations"."revoked_at" IS NULL;--> statement-breakpoint
-- Access tokens of third-party apps are checked against their grant on every call, through the
-- same in-memory cache as sessions (decision 003). Revoking a grant, or changing what it allows,
-- announces `a:<grant id>` on `gatehouse_auth`, and every process drops that grant at once.
-- `last_used_at` is left out on purpose: it changes while the grant stays the same.
CREATE FUNCTION gatehouse_notify_oauth2_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('gatehouse_auth', 'a:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER oauth2_authorizations_auth_change
  AFTER UPDATE OF scopes, building_id, door_id, revoked_at, user_id, client_id OR DELETE ON oauth2_authorizations
  FOR EACH ROW EXECUTE FUNCTION gatehouse_notify_oauth2_change();
