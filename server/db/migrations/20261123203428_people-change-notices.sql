-- Every change to who a session belongs to, what a member may do, or the person behind it is
-- announced on the change bus (the same NOTIFY channel the processes listen on), whatever code made
-- it: the processes' session caches drop what it touches (server/modules/members/session-cache.ts).
-- NOTIFY is sent at commit, and identical notices of one transaction are folded into one.
CREATE OR REPLACE FUNCTION atrium_people_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
  data json;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'roles' THEN
    data := json_build_object('accountId', changed.account_id);
  ELSIF TG_TABLE_NAME = 'users' THEN
    data := json_build_object('userId', changed.id);
  ELSE
    data := json_build_object('userId', changed.user_id);
  END IF;
  PERFORM pg_notify('atrium_bus', json_build_object('topic', 'people', 'origin', 'database', 'data', data)::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "people_changed" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION atrium_people_changed();--> statement-breakpoint
CREATE TRIGGER "people_changed" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION atrium_people_changed();--> statement-breakpoint
CREATE TRIGGER "people_changed" AFTER INSERT OR UPDATE OR DELETE ON "members" FOR EACH ROW EXECUTE FUNCTION atrium_people_changed();--> statement-breakpoint
CREATE TRIGGER "people_changed" AFTER UPDATE OR DELETE ON "roles" FOR EACH ROW EXECUTE FUNCTION atrium_people_changed();
