ALTER TABLE "car_types" ADD COLUMN "image_thumb_paths" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "color" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "car_types" ADD CONSTRAINT "car_types_image_thumbs" CHECK (cardinality("car_types"."image_thumb_paths") in (0, cardinality("car_types"."image_paths")));--> statement-breakpoint
-- The other side of 0009's guard (docs/decisions/030-vehicle-guard.md). 0009 refuses a booking that
-- needs more cars than the store has in service; this refuses a change to a vehicle (taken out of
-- service, moved to another store or type, deleted) that would leave its old store and type with
-- fewer cars in service than the bookings still to come hold at once. The store's vehicle rows of
-- that type are locked in id order, as 0009 locks them, so a booking and such a change queue and
-- the second sees the first: exactly one of them wins.
CREATE FUNCTION vehicles_capacity_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cars integer;
  peak integer;
  peak_at timestamptz;
  peak_until timestamptz;
BEGIN
  IF NOT OLD.in_service THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END; -- it was not counted
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.in_service AND NEW.store_id = OLD.store_id AND NEW.car_type_id = OLD.car_type_id THEN
    RETURN NEW; -- it stays where it was counted
  END IF;
  PERFORM 1 FROM vehicles
    WHERE site_id = OLD.site_id AND store_id = OLD.store_id AND car_type_id = OLD.car_type_id
    ORDER BY id FOR UPDATE;
  SELECT count(*) INTO cars FROM vehicles
    WHERE site_id = OLD.site_id AND store_id = OLD.store_id AND car_type_id = OLD.car_type_id AND in_service
      AND id <> OLD.id;
  -- The most cars the active bookings still to come hold at once: the count peaks now or at one of
  -- their starts. The earliest such instant is reported, and until when that many stay booked at least.
  WITH active AS (
    SELECT start_at, end_at FROM reservations
     WHERE site_id = OLD.site_id AND store_id = OLD.store_id AND car_type_id = OLD.car_type_id
       AND status IN ('held', 'confirmed')
       AND (status = 'confirmed' OR hold_expires_at > now())
       AND end_at > now()
  )
  SELECT p.at, (SELECT count(*) FROM active a WHERE a.start_at <= p.at AND a.end_at > p.at) AS n
    INTO peak_at, peak
    FROM (SELECT DISTINCT greatest(start_at, now()) AS at FROM active) p
    ORDER BY n DESC, p.at
    LIMIT 1;
  IF coalesce(peak, 0) > cars THEN
    SELECT min(end_at) INTO peak_until FROM reservations
     WHERE site_id = OLD.site_id AND store_id = OLD.store_id AND car_type_id = OLD.car_type_id
       AND status IN ('held', 'confirmed')
       AND (status = 'confirmed' OR hold_expires_at > now())
       AND start_at <= peak_at AND end_at > peak_at;
    RAISE EXCEPTION 'capacity_conflict' USING ERRCODE = 'RB002',
      DETAIL = format('store=%s car_type=%s cars=%s peak=%s from=%s until=%s',
        OLD.store_id, OLD.car_type_id, cars, peak,
        to_char(peak_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
        to_char(peak_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER vehicles_capacity_guard BEFORE UPDATE OF in_service, store_id, car_type_id OR DELETE
  ON vehicles FOR EACH ROW EXECUTE FUNCTION vehicles_capacity_guard();
