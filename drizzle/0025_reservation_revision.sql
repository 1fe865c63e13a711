-- Issue 42: a booking's revision rises with every change of it, in the statement that makes the change,
-- whichever code path writes it (change, cancellation, hold lapsing, car assignment, departure, return).
-- Counted: what was booked (store, car type, period, options, fees, payment method, people, details),
-- its status, the car given to it and its handover. Not counted: the payment's progress (payment_status,
-- payment_id: announced by payment events, and settled after a change under that change's revision),
-- derived or technical columns (blocked_until, hold_expires_at, link_secret) and the driver record's
-- link (cleared when a member deletes a saved driver; the booking keeps its copy).
-- An UPDATE that sets revision itself (the counter's change, checked against the revision it read)
-- is left as written.
CREATE FUNCTION reservations_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.revision = OLD.revision AND (
    NEW.status, NEW.store_id, NEW.return_store_id, NEW.car_type_id, NEW.start_at, NEW.end_at,
    NEW.options, NEW.rental_fee, NEW.option_fee, NEW.immunity_fee, NEW.total_fee,
    NEW.pay_method, NEW.pay_method_other, NEW.borrower, NEW.driver, NEW.destination, NEW.purpose,
    NEW.passengers, NEW.remarks, NEW.cancellation_fee, NEW.vehicle_id, NEW.departed_at, NEW.returned_at,
    NEW.extras, NEW.extra_fee
  ) IS DISTINCT FROM (
    OLD.status, OLD.store_id, OLD.return_store_id, OLD.car_type_id, OLD.start_at, OLD.end_at,
    OLD.options, OLD.rental_fee, OLD.option_fee, OLD.immunity_fee, OLD.total_fee,
    OLD.pay_method, OLD.pay_method_other, OLD.borrower, OLD.driver, OLD.destination, OLD.purpose,
    OLD.passengers, OLD.remarks, OLD.cancellation_fee, OLD.vehicle_id, OLD.departed_at, OLD.returned_at,
    OLD.extras, OLD.extra_fee
  ) THEN
    NEW.revision := OLD.revision + 1;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reservations_revision BEFORE UPDATE ON reservations
  FOR EACH ROW EXECUTE FUNCTION reservations_revision();
