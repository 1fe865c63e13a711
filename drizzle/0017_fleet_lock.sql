-- Issue 22, decision 041: the two capacity guards (0014) queue a booking and a change to the fleet
-- it counts on one transaction-level advisory lock per site, store and car type, where they locked
-- every car of that type FOR UPDATE. Row locks are written to the table and its WAL, and on the
-- embedded database they made the booking insert take three times as long. The key is a 64-bit hash:
-- two fleets whose keys collide only queue behind each other. The domain takes the same lock before
-- it changes a car (server/catalog/vehicles.ts), so the two never wait on each other in turn.
CREATE FUNCTION fleet_lock(site text, store integer, car_type integer) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended(site || '/' || store || '/' || car_type, 0))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reservations_capacity_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cars integer;
  peak integer;
BEGIN
  IF NOT (NEW.status = 'confirmed' OR (NEW.status = 'held' AND NEW.hold_expires_at > now())) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD.status = 'confirmed' OR (OLD.status = 'held' AND OLD.hold_expires_at > now()))
     AND OLD.store_id = NEW.store_id AND OLD.car_type_id = NEW.car_type_id
     AND OLD.start_at <= NEW.start_at AND OLD.blocked_until >= NEW.blocked_until THEN
    RETURN NEW; -- already counted, and its claim did not grow
  END IF;
  PERFORM fleet_lock(NEW.site_id, NEW.store_id, NEW.car_type_id);
  SELECT count(*) INTO cars FROM vehicles
    WHERE site_id = NEW.site_id AND store_id = NEW.store_id AND car_type_id = NEW.car_type_id AND in_service;
  WITH others AS (
    SELECT start_at, blocked_until FROM reservations
     WHERE site_id = NEW.site_id AND store_id = NEW.store_id AND car_type_id = NEW.car_type_id
       AND id <> NEW.id
       AND status IN ('held', 'confirmed')
       AND (status = 'confirmed' OR hold_expires_at > now())
       AND tstzrange(start_at, blocked_until, '[)') && tstzrange(NEW.start_at, NEW.blocked_until, '[)')
  )
  SELECT coalesce(max((SELECT count(*) FROM others o WHERE o.start_at <= p.at AND o.blocked_until > p.at)), 0)
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
CREATE OR REPLACE FUNCTION vehicles_capacity_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cars integer;
  peak integer;
  peak_at timestamptz;
  peak_until timestamptz;
BEGIN
  IF NOT OLD.in_service THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.in_service AND NEW.store_id = OLD.store_id AND NEW.car_type_id = OLD.car_type_id THEN
    RETURN NEW;
  END IF;
  PERFORM fleet_lock(OLD.site_id, OLD.store_id, OLD.car_type_id);
  SELECT count(*) INTO cars FROM vehicles
    WHERE site_id = OLD.site_id AND store_id = OLD.store_id AND car_type_id = OLD.car_type_id AND in_service
      AND id <> OLD.id;
  WITH active AS (
    SELECT start_at, blocked_until FROM reservations
     WHERE site_id = OLD.site_id AND store_id = OLD.store_id AND car_type_id = OLD.car_type_id
       AND status IN ('held', 'confirmed')
       AND (status = 'confirmed' OR hold_expires_at > now())
       AND blocked_until > now()
  )
  SELECT p.at, (SELECT count(*) FROM active a WHERE a.start_at <= p.at AND a.blocked_until > p.at) AS n
    INTO peak_at, peak
    FROM (SELECT DISTINCT greatest(start_at, now()) AS at FROM active) p
    ORDER BY n DESC, p.at
    LIMIT 1;
  IF coalesce(peak, 0) > cars THEN
    SELECT min(blocked_until) INTO peak_until FROM reservations
     WHERE site_id = OLD.site_id AND store_id = OLD.store_id AND car_type_id = OLD.car_type_id
       AND status IN ('held', 'confirmed')
       AND (status = 'confirmed' OR hold_expires_at > now())
       AND start_at <= peak_at AND blocked_until > peak_at;
    RAISE EXCEPTION 'capacity_conflict' USING ERRCODE = 'RB002',
      DETAIL = format('store=%s car_type=%s cars=%s peak=%s from=%s until=%s',
        OLD.store_id, OLD.car_type_id, cars, peak,
        to_char(peak_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
        to_char(peak_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
