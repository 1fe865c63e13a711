ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_site_id_id" UNIQUE("site_id","id");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_site_id_id" UNIQUE("site_id","id");--> statement-breakpoint
CREATE TABLE "reservation_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"reservation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"payment_id" text,
	"refund_id" text,
	"idempotency_key" text NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_payments_site_key" UNIQUE("site_id","idempotency_key"),
	CONSTRAINT "reservation_payments_kind" CHECK ("reservation_payments"."kind" in ('charge', 'refund')),
	CONSTRAINT "reservation_payments_status" CHECK ("reservation_payments"."status" in ('succeeded', 'failed')),
	CONSTRAINT "reservation_payments_amount" CHECK ("reservation_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reservation_id" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "vehicle_id" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "departed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "departure_mileage" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "departure_fuel" smallint;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "departure_check" jsonb;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "departure_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "return_mileage" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "return_fuel" smallint;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "return_check" jsonb;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "return_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "extras" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "extra_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cancellation_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "customer_cancel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "customer_cancel_deadline_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "cancellation_fees" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "turnaround_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD CONSTRAINT "reservation_payments_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD CONSTRAINT "reservation_payments_reservation_fk" FOREIGN KEY ("site_id","reservation_id") REFERENCES "public"."reservations"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_payments_site_reservation" ON "reservation_payments" USING btree ("site_id","reservation_id");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_vehicle_fk" FOREIGN KEY ("site_id","vehicle_id") REFERENCES "public"."vehicles"("site_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_site_reservation" ON "mail_outbox" USING btree ("site_id","reservation_id");--> statement-breakpoint
CREATE INDEX "reservations_site_vehicle" ON "reservations" USING btree ("site_id","vehicle_id");--> statement-breakpoint
CREATE INDEX "reservations_site_start" ON "reservations" USING btree ("site_id","start_at");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_counter" CHECK (("reservations"."departure_fuel" is null or "reservations"."departure_fuel" between 0 and 8) and ("reservations"."return_fuel" is null or "reservations"."return_fuel" between 0 and 8) and ("reservations"."departure_mileage" is null or "reservations"."departure_mileage" >= 0) and ("reservations"."return_mileage" is null or "reservations"."return_mileage" >= 0) and ("reservations"."returned_at" is null or "reservations"."departed_at" is not null) and "reservations"."extra_fee" >= 0 and "reservations"."cancellation_fee" >= 0);--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_customer_cancel_deadline" CHECK ("site_settings"."customer_cancel_deadline_hours" between 0 and 8760);--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_turnaround" CHECK ("stores"."turnaround_minutes" between 0 and 1440);--> statement-breakpoint
-- The counter (issue 24, docs/decisions/032-counter.md). A booking keeps its car until its return
-- (an early return once recorded; a late one does not push it further) plus the store's turnaround
-- minutes: blocked_until, kept here so that the capacity trigger, the availability search and the
-- exclusion constraint on a car read one value.
CREATE FUNCTION reservations_blocked_until() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.blocked_until := greatest(NEW.start_at, least(coalesce(NEW.returned_at, NEW.end_at), NEW.end_at))
    + make_interval(mins => coalesce(
        (SELECT turnaround_minutes FROM stores WHERE site_id = NEW.site_id AND id = NEW.store_id), 0));
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reservations_blocked_until BEFORE INSERT OR UPDATE ON reservations
  FOR EACH ROW EXECUTE FUNCTION reservations_blocked_until();
--> statement-breakpoint
UPDATE reservations SET blocked_until = NULL;
--> statement-breakpoint
DROP INDEX reservations_active_period;
--> statement-breakpoint
CREATE INDEX reservations_active_period ON reservations
  USING gist (site_id, store_id, car_type_id, tstzrange(start_at, blocked_until, '[)'))
  WHERE status IN ('held', 'confirmed');
--> statement-breakpoint
-- 0009's guard, counting each booking until blocked_until (its return plus the turnaround); a longer
-- turnaround (blocked_until set again) is checked like a longer booking.
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
  PERFORM 1 FROM vehicles
    WHERE site_id = NEW.site_id AND store_id = NEW.store_id AND car_type_id = NEW.car_type_id
    ORDER BY id FOR UPDATE;
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
DROP TRIGGER reservations_capacity_guard ON reservations;
--> statement-breakpoint
CREATE TRIGGER reservations_capacity_guard
  AFTER INSERT OR UPDATE OF status, store_id, car_type_id, start_at, end_at, hold_expires_at, blocked_until
  ON reservations FOR EACH ROW EXECUTE FUNCTION reservations_capacity_guard();
--> statement-breakpoint
-- 0013's guard on vehicles, counting bookings until blocked_until.
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
  PERFORM 1 FROM vehicles
    WHERE site_id = OLD.site_id AND store_id = OLD.store_id AND car_type_id = OLD.car_type_id
    ORDER BY id FOR UPDATE;
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
--> statement-breakpoint
-- One car, one booking at a time (decision 021 planned it): two confirmed bookings given the same car
-- never overlap, turnaround included. Concurrent assignments race here, and exactly one wins.
ALTER TABLE reservations ADD CONSTRAINT reservations_vehicle_overlap
  EXCLUDE USING gist (site_id WITH =, vehicle_id WITH =, tstzrange(start_at, blocked_until, '[)') WITH &&)
  WHERE (vehicle_id IS NOT NULL AND status = 'confirmed');
--> statement-breakpoint
ALTER TABLE reservation_payments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE reservation_payments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY site_isolation ON reservation_payments
  USING (site_id = current_setting('app.site_id', true))
  WITH CHECK (site_id = current_setting('app.site_id', true));
--> statement-breakpoint
-- Payments are a record: the app adds entries and never changes or removes one.
REVOKE UPDATE, DELETE ON reservation_payments FROM rentacar_app;
