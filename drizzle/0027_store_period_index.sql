-- The availability search and the capacity guard ask for one store's bookings that overlap a period.
-- 0014's index led with site_id and car_type_id, so GiST grouped a store's bookings by car type and
-- a search without a type walked every type's history; with the period right after the store, a
-- search reads only the bookings that can overlap it (bench/large-tenant.ts). store_id is unique
-- across sites, and row-level security adds the site.
DROP INDEX reservations_active_period;
--> statement-breakpoint
CREATE INDEX reservations_active_period ON reservations
  USING gist (store_id, tstzrange(start_at, blocked_until, '[)'), car_type_id)
  WHERE status IN ('held', 'confirmed');
