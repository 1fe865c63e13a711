ALTER TABLE "drivers" ALTER COLUMN "member_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "settlement_methods" smallint[] DEFAULT '{1,2,3}' NOT NULL;--> statement-breakpoint
-- Dropping is_cancelled drops the partial index on active reservations; it returns on status.
ALTER TABLE "reservations" DROP COLUMN "is_cancelled";--> statement-breakpoint
CREATE INDEX reservations_active_period ON reservations
  USING gist (site_id, store_id, car_type_id, tstzrange(start_at, end_at, '[)'))
  WHERE status IN ('held', 'confirmed');
--> statement-breakpoint
-- The guard against overbooking (docs/decisions/021-booking.md). Whatever code inserts or changes a
-- reservation, the database refuses one that would need more cars of its type at its store than
-- the store has in service at some instant of the period. The store's vehicle rows of that type
-- are locked first, so concurrent bookings of the same type and store queue here and each sees the
-- ones committed before it; vehicles are counted inside the same transaction, never from a cache.
CREATE FUNCTION reservations_capacity_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cars integer;
  peak integer;
BEGIN
  IF NOT (NEW.status = 'confirmed' OR (NEW.status = 'held' AND NEW.hold_expires_at > now())) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD.status = 'confirmed' OR (OLD.status = 'held' AND OLD.hold_expires_at > now()))
     AND OLD.store_id = NEW.store_id AND OLD.car_type_id = NEW.car_type_id
     AND OLD.start_at = NEW.start_at AND OLD.end_at = NEW.end_at THEN
    RETURN NEW; -- already counted, nothing about its claim changed
  END IF;
  PERFORM 1 FROM vehicles
    WHERE site_id = NEW.site_id AND store_id = NEW.store_id AND car_type_id = NEW.car_type_id
    ORDER BY id FOR UPDATE;
  SELECT count(*) INTO cars FROM vehicles
    WHERE site_id = NEW.site_id AND store_id = NEW.store_id AND car_type_id = NEW.car_type_id AND in_service;
  -- The most cars the others hold at once within the period: the count peaks at the period's
  -- start or at one of their starts inside it.
  WITH others AS (
    SELECT start_at, end_at FROM reservations
     WHERE site_id = NEW.site_id AND store_id = NEW.store_id AND car_type_id = NEW.car_type_id
       AND id <> NEW.id
       AND status IN ('held', 'confirmed')
       AND (status = 'confirmed' OR hold_expires_at > now())
       AND tstzrange(start_at, end_at, '[)') && tstzrange(NEW.start_at, NEW.end_at, '[)')
  )
  SELECT coalesce(max((SELECT count(*) FROM others o WHERE o.start_at <= p.at AND o.end_at > p.at)), 0)
    INTO peak
    FROM (SELECT NEW.start_at AS at UNION SELECT start_at FROM others WHERE start_at > NEW.start_at) p;
  IF peak + 1 > cars THEN
    RAISE EXCEPTION 'type_fully_booked' USING ERRCODE = 'RB001',
      DETAIL = format('store %s car type %s: %s cars, %s taken', NEW.store_id, NEW.car_type_id, cars, peak);
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reservations_capacity_guard AFTER INSERT OR UPDATE OF status, store_id, car_type_id, start_at, end_at, hold_expires_at
  ON reservations FOR EACH ROW EXECUTE FUNCTION reservations_capacity_guard();
