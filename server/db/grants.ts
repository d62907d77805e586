// What each role may touch, applied after every migration (decision 0016). Tables with an
// account_id are the sites' data: both roles may read and write them and row-level security
// decides which rows. Every other table is the platform's: the platform role only (the auth
// library, staff screens, jobs), except the few columns a site needs, listed below. A new platform
// table is therefore out of a site's reach until someone decides otherwise here.

/** Columns of `users` a site reads (names and e-mails of its members, avatar, the session's person). */
export const TENANT_USER_COLUMNS = ["id", "name", "email", "email_verified", "image", "two_factor_enabled"];

/** Columns of its own `accounts` row a site may change; never its id, owner or platform flag. */
export const TENANT_ACCOUNT_COLUMNS = [
  "slug",
  "domain",
  "settings",
  "menus",
  "header",
  "footer",
  "theme",
  "misc",
  "caps",
  "features",
  "updated_at",
];

const list = (columns: string[]) => columns.map((c) => `"${c}"`).join(", ");

const TENANT_TABLES = `SELECT c.relname FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      WHERE c.relkind IN ('r', 'p')
        AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'account_id' AND NOT a.attisdropped)`;

const PLATFORM_TABLES = `SELECT c.relname FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      WHERE c.relkind IN ('r', 'p')
        AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'account_id' AND NOT a.attisdropped)`;

/**
 * One statement, so one transaction: processes already serving requests see the old privileges
 * or the new ones, never the moment between the REVOKE and the GRANTs.
 */
export const GRANTS_SQL = `DO $$ DECLARE t record; BEGIN
  GRANT USAGE ON SCHEMA public TO atrium_tenant, atrium_platform;
  -- From nothing, so a privilege removed here is also removed from an existing installation.
  REVOKE ALL ON ALL TABLES IN SCHEMA public FROM atrium_tenant, atrium_platform;
  FOR t IN ${TENANT_TABLES} LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON public.%I TO atrium_tenant, atrium_platform', t.relname);
  END LOOP;
  FOR t IN ${PLATFORM_TABLES} LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON public.%I TO atrium_platform', t.relname);
  END LOOP;
  -- Sites are created and removed by the platform; a site edits its own configuration only.
  REVOKE INSERT, UPDATE, DELETE ON public.accounts FROM atrium_tenant;
  GRANT UPDATE (${list(TENANT_ACCOUNT_COLUMNS)}) ON public.accounts TO atrium_tenant;
  GRANT SELECT (${list(TENANT_USER_COLUMNS)}) ON public.users TO atrium_tenant;
  -- The plan catalogue is written by upsert; platform updates are published, never edited.
  REVOKE DELETE ON public.plans FROM atrium_platform;
  REVOKE UPDATE, DELETE ON public.platform_updates FROM atrium_platform;
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO atrium_tenant, atrium_platform;
END $$;`;
