-- Every change to a site's configuration bumps its version, so each app process's
-- in-memory site cache can tell with one cheap query that it is stale.
CREATE OR REPLACE FUNCTION bump_site_config_version() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  sid text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    sid := OLD.site_id;
  ELSE
    sid := NEW.site_id;
  END IF;
  INSERT INTO site_config_versions (site_id, version) VALUES (sid, 1)
  ON CONFLICT (site_id) DO UPDATE SET version = site_config_versions.version + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER clients_bump_config AFTER INSERT OR UPDATE ON clients
  FOR EACH ROW EXECUTE FUNCTION bump_site_config_version();
--> statement-breakpoint
CREATE TRIGGER site_settings_bump_config AFTER INSERT OR UPDATE OR DELETE ON site_settings
  FOR EACH ROW EXECUTE FUNCTION bump_site_config_version();
--> statement-breakpoint
CREATE TRIGGER site_logos_bump_config AFTER INSERT OR UPDATE OR DELETE ON site_logos
  FOR EACH ROW EXECUTE FUNCTION bump_site_config_version();
--> statement-breakpoint
CREATE TRIGGER site_footers_bump_config AFTER INSERT OR UPDATE OR DELETE ON site_footers
  FOR EACH ROW EXECUTE FUNCTION bump_site_config_version();
--> statement-breakpoint
CREATE TRIGGER site_trackings_bump_config AFTER INSERT OR UPDATE OR DELETE ON site_trackings
  FOR EACH ROW EXECUTE FUNCTION bump_site_config_version();
--> statement-breakpoint
CREATE TRIGGER top_infos_bump_config AFTER INSERT OR UPDATE OR DELETE ON top_infos
  FOR EACH ROW EXECUTE FUNCTION bump_site_config_version();
--> statement-breakpoint
CREATE TRIGGER site_news_bump_config AFTER INSERT OR UPDATE OR DELETE ON site_news
  FOR EACH ROW EXECUTE FUNCTION bump_site_config_version();
--> statement-breakpoint
CREATE TRIGGER custom_pages_bump_config AFTER INSERT OR UPDATE OR DELETE ON custom_pages
  FOR EACH ROW EXECUTE FUNCTION bump_site_config_version();
--> statement-breakpoint
CREATE TRIGGER seo_settings_bump_config AFTER INSERT OR UPDATE OR DELETE ON seo_settings
  FOR EACH ROW EXECUTE FUNCTION bump_site_config_version();
--> statement-breakpoint
CREATE TRIGGER stores_bump_config AFTER INSERT OR UPDATE OR DELETE ON stores
  FOR EACH ROW EXECUTE FUNCTION bump_site_config_version();
