-- Row-level security on every tenant table (decision 022). The app works as rentacar_app, which is
-- neither superuser nor BYPASSRLS; each request sets app.site_id. The owner (migrations, seed,
-- named cross-site jobs) is not subject to the policies. Roles are per cluster: several databases
-- (tests, a staging copy) may create it at the same moment.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'rentacar_app') THEN
    BEGIN
      CREATE ROLE rentacar_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END;
  END IF;
  -- An owner that is not a superuser needs membership to drop to the app role.
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT rentacar_app TO %I', current_user);
  END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO rentacar_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO rentacar_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO rentacar_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO rentacar_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO rentacar_app;
--> statement-breakpoint
-- Every table with a site_id is a tenant table; a later table gets the same three statements in its
-- own migration (tests/integration/row-level-security.test.ts fails on one without them).
DO $$
DECLARE t text;
BEGIN
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
    WHERE c.table_schema = 'public' AND c.column_name = 'site_id' AND tb.table_type = 'BASE TABLE'
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY site_isolation ON %I USING (site_id = current_setting(''app.site_id'', true)) '
      'WITH CHECK (site_id = current_setting(''app.site_id'', true))', t);
  END LOOP;
END $$;
