-- Door opens read the door from a short in-memory cache (the lookup dominated the door-open
-- benchmark). A change to what an open needs (driver, settings, secrets, building) or a deletion
-- announces `d:<door id>` on `gatehouse_auth`, and every process drops that door. Status changes do
-- not: an open does not depend on the last status.
CREATE OR REPLACE FUNCTION gatehouse_notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
    ELSIF TG_TABLE_NAME = 'doors' THEN
      PERFORM pg_notify('gatehouse_auth', 'd:' || (row_data->>'id'));
    ELSE
      PERFORM pg_notify('gatehouse_auth', 'u:' || (row_data->>'user_id'));
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER doors_cache_change
  AFTER UPDATE OF building_id, driver, driver_config, secrets_encrypted, pincode_hash, is_entrance, name OR DELETE ON doors
  FOR EACH ROW EXECUTE FUNCTION gatehouse_notify_auth_change();
