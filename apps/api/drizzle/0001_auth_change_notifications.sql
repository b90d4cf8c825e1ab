-- Every change that can alter who a signed-in user is or what they may do announces itself on the
-- channel `gatehouse_auth` (delivered at commit, to every server process). Processes keep a short
-- cache of sessions and role data and drop the entries named here: `u:<user id>`, `s:<session id>`,
-- `b:<building id>` (a building's units changed, so its managers' unit lists changed).
CREATE FUNCTION gatehouse_notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN to_jsonb(NEW) END;
  row_data jsonb;
BEGIN
  FOREACH row_data IN ARRAY array_remove(ARRAY[old_row, new_row], NULL) LOOP
    IF TG_TABLE_NAME = 'users' THEN
      PERFORM pg_notify('gatehouse_auth', 'u:' || (row_data->>'id'));
    ELSIF TG_TABLE_NAME = 'sessions' THEN
      PERFORM pg_notify('gatehouse_auth', 's:' || (row_data->>'id'));
    ELSIF TG_TABLE_NAME = 'units' THEN
      PERFORM pg_notify('gatehouse_auth', 'b:' || (row_data->>'building_id'));
    ELSE
      PERFORM pg_notify('gatehouse_auth', 'u:' || (row_data->>'user_id'));
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_auth_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION gatehouse_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION gatehouse_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER memberships_auth_change AFTER INSERT OR UPDATE OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION gatehouse_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER building_managers_auth_change AFTER INSERT OR UPDATE OR DELETE ON building_managers
  FOR EACH ROW EXECUTE FUNCTION gatehouse_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER units_auth_change AFTER INSERT OR DELETE OR UPDATE OF building_id ON units
  FOR EACH ROW EXECUTE FUNCTION gatehouse_notify_auth_change();
