-- Deleting a client cascades to its configuration rows, whose triggers must not re-create the
-- version row of a client that is going away: on DELETE the version is only bumped if it exists.
CREATE OR REPLACE FUNCTION bump_site_config_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE site_config_versions SET version = version + 1 WHERE site_id = OLD.site_id;
  ELSE
    INSERT INTO site_config_versions (site_id, version) VALUES (NEW.site_id, 1)
    ON CONFLICT (site_id) DO UPDATE SET version = site_config_versions.version + 1;
  END IF;
  RETURN NULL;
END;
$$;
