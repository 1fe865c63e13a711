-- The catalogue is cached with the site bundle (decision 002), so its tables bump the config version too.
-- Availability asks "which active reservations of this store overlap this period?": a GiST index on
-- the period with the tenant and store keys answers it without scanning the store's history.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE INDEX reservations_active_period ON reservations
  USING gist (site_id, store_id, car_type_id, tstzrange(start_at, end_at, '[)'))
  WHERE NOT is_cancelled;
--> statement-breakpoint
CREATE TRIGGER store_holidays_bump_config AFTER INSERT OR UPDATE OR DELETE ON store_holidays
  FOR EACH ROW EXECUTE FUNCTION bump_site_config_version();
--> statement-breakpoint
CREATE TRIGGER car_classes_bump_config AFTER INSERT OR UPDATE OR DELETE ON car_classes
  FOR EACH ROW EXECUTE FUNCTION bump_site_config_version();
--> statement-breakpoint
CREATE TRIGGER car_types_bump_config AFTER INSERT OR UPDATE OR DELETE ON car_types
  FOR EACH ROW EXECUTE FUNCTION bump_site_config_version();
--> statement-breakpoint
CREATE TRIGGER vehicles_bump_config AFTER INSERT OR UPDATE OR DELETE ON vehicles
  FOR EACH ROW EXECUTE FUNCTION bump_site_config_version();
--> statement-breakpoint
CREATE TRIGGER car_options_bump_config AFTER INSERT OR UPDATE OR DELETE ON car_options
  FOR EACH ROW EXECUTE FUNCTION bump_site_config_version();
--> statement-breakpoint
CREATE TRIGGER immunity_fees_bump_config AFTER INSERT OR UPDATE OR DELETE ON immunity_fees
  FOR EACH ROW EXECUTE FUNCTION bump_site_config_version();
--> statement-breakpoint
CREATE TRIGGER fee_plans_bump_config AFTER INSERT OR UPDATE OR DELETE ON fee_plans
  FOR EACH ROW EXECUTE FUNCTION bump_site_config_version();
