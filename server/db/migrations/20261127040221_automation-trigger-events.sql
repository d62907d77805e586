-- Automation triggers that many code paths cause are written to the event outbox by the database,
-- in the transaction of the change, whatever code made it (decision: automation event payloads).
-- Their dispatch job is queued by the outbox sweep (job_id null), within about two minutes.

-- Every event names the person it concerns the same way: a payload with a member's id gains their
-- address, one with an address gains the member's id and the mailing contact's id, when known.
CREATE OR REPLACE FUNCTION atrium_event_people() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  found_email text;
  found_user text;
  found_contact uuid;
BEGIN
  IF jsonb_typeof(NEW.payload->'userId') = 'string' AND jsonb_typeof(NEW.payload->'email') IS DISTINCT FROM 'string' THEN
    SELECT m.email INTO found_email FROM members m
      WHERE m.account_id = NEW.account_id AND m.user_id = NEW.payload->>'userId';
    IF found_email IS NOT NULL THEN
      NEW.payload := NEW.payload || jsonb_build_object('email', found_email);
    END IF;
  END IF;
  IF jsonb_typeof(NEW.payload->'email') = 'string' THEN
    IF jsonb_typeof(NEW.payload->'userId') IS DISTINCT FROM 'string' THEN
      SELECT m.user_id INTO found_user FROM members m
        WHERE m.account_id = NEW.account_id AND m.email = lower(NEW.payload->>'email') LIMIT 1;
      IF found_user IS NOT NULL THEN
        NEW.payload := NEW.payload || jsonb_build_object('userId', found_user);
      END IF;
    END IF;
    IF jsonb_typeof(NEW.payload->'contactId') IS DISTINCT FROM 'string' THEN
      SELECT c.id INTO found_contact FROM mailing_contacts c
        WHERE c.account_id = NEW.account_id AND c.email = lower(trim(NEW.payload->>'email'));
      IF found_contact IS NOT NULL THEN
        NEW.payload := NEW.payload || jsonb_build_object('contactId', found_contact);
      END IF;
    END IF;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "event_people" BEFORE INSERT ON "event_outbox" FOR EACH ROW EXECUTE FUNCTION atrium_event_people();--> statement-breakpoint

-- tag_added: once per tag a contact did not have before the change (a new contact's tags, a tag
-- added by a form, an import, a bulk action, the members screen or an automation). Row updates of
-- one contact are serialised by the row lock, so two requests adding one tag announce it once.
CREATE OR REPLACE FUNCTION atrium_tag_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_outbox (account_id, type, payload)
  SELECT NEW.account_id, 'tag_added', jsonb_build_object('tag', t.tag, 'contactId', NEW.id, 'email', NEW.email)
  FROM (SELECT u.tag, min(u.n) AS n FROM unnest(NEW.tags) WITH ORDINALITY AS u(tag, n) GROUP BY u.tag) t
  WHERE TG_OP = 'INSERT' OR NOT (t.tag = ANY (OLD.tags))
  ORDER BY t.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tag_added" AFTER INSERT ON "mailing_contacts" FOR EACH ROW WHEN (cardinality(NEW.tags) > 0) EXECUTE FUNCTION atrium_tag_added();--> statement-breakpoint
CREATE TRIGGER "tag_added_update" AFTER UPDATE OF "tags" ON "mailing_contacts" FOR EACH ROW WHEN (NOT (NEW.tags <@ OLD.tags)) EXECUTE FUNCTION atrium_tag_added();--> statement-breakpoint

-- user_registered: a person becomes a member of the site (sign-up, an accepted invitation, a first
-- purchase, an owner adding them); the unique (site, person) key makes it once per member.
CREATE OR REPLACE FUNCTION atrium_user_registered() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_outbox (account_id, type, payload, actor_id)
  VALUES (NEW.account_id, 'user_registered',
    jsonb_build_object('userId', NEW.user_id, 'email', NEW.email, 'memberId', NEW.id, 'roleId', NEW.role_id),
    NEW.user_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_registered" AFTER INSERT ON "members" FOR EACH ROW EXECUTE FUNCTION atrium_user_registered();
