ALTER TABLE "reservation_payments" DROP CONSTRAINT "reservation_payments_site_key";--> statement-breakpoint
ALTER TABLE "reservation_payments" DROP CONSTRAINT "reservation_payments_status";--> statement-breakpoint
ALTER TABLE "reservation_payments" DROP CONSTRAINT "reservation_payments_amount";--> statement-breakpoint
ALTER TABLE "car_types" ADD COLUMN "tank_litres" smallint DEFAULT 40 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD COLUMN "store_id" integer;--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD COLUMN "entry" text DEFAULT 'outcome' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD COLUMN "attempt_id" integer;--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD COLUMN "operation" text DEFAULT 'change' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "counter_contact" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "taken_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "return_damage" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "invoice_issuer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "invoice_registration_number" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "late_grace_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "fuel_price_per_litre" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "noc_drivable" integer DEFAULT 20000 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "noc_not_drivable" integer DEFAULT 50000 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "mileage_jump_km" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
-- The ledger becomes attempts and outcomes (issue 37, decision 043). Each entry written so far was an
-- attempt and its outcome in one row: it becomes the outcome, and its attempt is written beside it.
UPDATE "reservation_payments" SET "operation" = CASE
    WHEN "idempotency_key" LIKE 'cancel-%' THEN 'cancel'
    WHEN "idempotency_key" LIKE 'payment-%' THEN 'booking'
    ELSE 'change' END;
--> statement-breakpoint
UPDATE "reservation_payments" p SET "store_id" = r."store_id"
  FROM "reservations" r WHERE r."site_id" = p."site_id" AND r."id" = p."reservation_id";
--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD CONSTRAINT "reservation_payments_site_id_id" UNIQUE("site_id","id");
--> statement-breakpoint
WITH attempts AS (
  INSERT INTO "reservation_payments" ("site_id", "reservation_id", "store_id", "entry", "kind", "operation", "method",
      "amount", "status", "payment_id", "idempotency_key", "staff_id", "created_at")
    SELECT "site_id", "reservation_id", "store_id", 'attempt', "kind", "operation", 'card',
      "amount", 'attempted', CASE WHEN "kind" = 'refund' THEN "payment_id" END, "idempotency_key", "staff_id", "created_at"
    FROM "reservation_payments" WHERE "entry" = 'outcome'
  RETURNING "id", "site_id", "idempotency_key"
)
UPDATE "reservation_payments" o SET "attempt_id" = a."id",
    "amount" = CASE WHEN o."status" = 'succeeded' THEN o."amount" ELSE 0 END
  FROM attempts a WHERE o."entry" = 'outcome' AND a."site_id" = o."site_id" AND a."idempotency_key" = o."idempotency_key";
--> statement-breakpoint
-- A first card payment entered the ledger only when a change first altered the total: every other
-- booking paid in advance gets it now, and a booking whose payment went back whole (the JSON API's
-- cancellation, a hold that lapsed) gets that refund.
CREATE TEMPORARY TABLE ledger_backfill AS
  SELECT r."site_id", r."id" AS reservation_id, r."store_id", r."payment_id", r."total_fee", r."payment_status", r."created_at"
  FROM "reservations" r
  WHERE r."payment_id" IS NOT NULL AND r."payment_status" IN ('paid', 'refunded') AND r."total_fee" > 0
    AND NOT EXISTS (SELECT 1 FROM "reservation_payments" p
      WHERE p."site_id" = r."site_id" AND p."reservation_id" = r."id" AND p."operation" = 'booking');
--> statement-breakpoint
WITH attempts AS (
  INSERT INTO "reservation_payments" ("site_id", "reservation_id", "store_id", "entry", "kind", "operation", "method",
      "amount", "status", "idempotency_key", "created_at")
    SELECT "site_id", reservation_id, "store_id", 'attempt', 'charge', 'booking', 'card', "total_fee", 'attempted',
      'booking-' || "site_id" || '-' || reservation_id, "created_at"
    FROM ledger_backfill
  RETURNING "id", "site_id", "reservation_id", "store_id", "amount", "idempotency_key", "created_at"
)
INSERT INTO "reservation_payments" ("site_id", "reservation_id", "store_id", "entry", "attempt_id", "kind", "operation",
    "method", "amount", "status", "payment_id", "idempotency_key", "created_at")
  SELECT a."site_id", a."reservation_id", a."store_id", 'outcome', a."id", 'charge', 'booking', 'card', a."amount",
    'succeeded', b."payment_id", a."idempotency_key", a."created_at"
  FROM attempts a JOIN ledger_backfill b ON b."site_id" = a."site_id" AND b.reservation_id = a."reservation_id";
--> statement-breakpoint
CREATE TEMPORARY TABLE ledger_refund_backfill AS
  SELECT r."site_id", r."id" AS reservation_id, r."store_id", r."payment_id",
      coalesce(sum(CASE WHEN p."kind" = 'charge' THEN p."amount" ELSE -p."amount" END), 0) AS held,
      coalesce(r."cancelled_at", r."created_at") AS at
  FROM "reservations" r
  JOIN "reservation_payments" p ON p."site_id" = r."site_id" AND p."reservation_id" = r."id"
    AND p."entry" = 'outcome' AND p."status" = 'succeeded'
  WHERE r."payment_status" = 'refunded'
  GROUP BY r."site_id", r."id", r."store_id", r."payment_id", r."cancelled_at", r."created_at";
--> statement-breakpoint
WITH attempts AS (
  INSERT INTO "reservation_payments" ("site_id", "reservation_id", "store_id", "entry", "kind", "operation", "method",
      "amount", "status", "payment_id", "idempotency_key", "created_at")
    SELECT "site_id", reservation_id, "store_id", 'attempt', 'refund', 'cancel', 'card', held, 'attempted', "payment_id",
      'refund-' || "site_id" || '-' || reservation_id, at
    FROM ledger_refund_backfill WHERE held > 0
  RETURNING "id", "site_id", "reservation_id", "store_id", "amount", "payment_id", "idempotency_key", "created_at"
)
INSERT INTO "reservation_payments" ("site_id", "reservation_id", "store_id", "entry", "attempt_id", "kind", "operation",
    "method", "amount", "status", "payment_id", "idempotency_key", "created_at")
  SELECT "site_id", "reservation_id", "store_id", 'outcome', "id", 'refund', 'cancel', 'card', "amount", 'succeeded',
    "payment_id", "idempotency_key", "created_at"
  FROM attempts;
--> statement-breakpoint
DROP TABLE ledger_backfill, ledger_refund_backfill;
--> statement-breakpoint
ALTER TABLE "reservation_payments" ALTER COLUMN "entry" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "reservation_payments" ALTER COLUMN "operation" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD CONSTRAINT "reservation_payments_attempt_fk" FOREIGN KEY ("site_id","attempt_id") REFERENCES "public"."reservation_payments"("site_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_payments_site_attempt_key" ON "reservation_payments" USING btree ("site_id","idempotency_key") WHERE "reservation_payments"."entry" = 'attempt';--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_payments_site_outcome" ON "reservation_payments" USING btree ("site_id","attempt_id") WHERE "reservation_payments"."entry" = 'outcome';--> statement-breakpoint
CREATE INDEX "reservation_payments_site_created" ON "reservation_payments" USING btree ("site_id","created_at");--> statement-breakpoint
ALTER TABLE "car_types" ADD CONSTRAINT "car_types_tank_litres" CHECK ("car_types"."tank_litres" between 1 and 500);--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD CONSTRAINT "reservation_payments_operation" CHECK ("reservation_payments"."operation" in ('booking', 'pay_link', 'change', 'cancel', 'return', 'counter'));--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD CONSTRAINT "reservation_payments_method" CHECK ("reservation_payments"."method" in ('card', 'cash', 'terminal'));--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD CONSTRAINT "reservation_payments_entry" CHECK (("reservation_payments"."entry" = 'attempt' and "reservation_payments"."attempt_id" is null and "reservation_payments"."status" = 'attempted' and "reservation_payments"."amount" > 0) or ("reservation_payments"."entry" = 'outcome' and "reservation_payments"."attempt_id" is not null and "reservation_payments"."status" in ('succeeded', 'failed') and "reservation_payments"."amount" >= 0));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_channel" CHECK ("reservations"."channel" in ('web', 'counter', 'api'));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_counter_contact" CHECK ("reservations"."counter_contact" is null or ("reservations"."channel" = 'counter' and "reservations"."counter_contact" in ('phone', 'in_person')));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_return_damage" CHECK ("reservations"."return_damage" is null or "reservations"."return_damage" in ('drivable', 'not_drivable'));--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_invoice_registration_number" CHECK ("site_settings"."invoice_registration_number" is null or "site_settings"."invoice_registration_number" ~ '^T[1-9][0-9]{12}$');--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_return_charges" CHECK ("site_settings"."late_grace_minutes" between 0 and 1440 and "site_settings"."fuel_price_per_litre" between 0 and 10000 and "site_settings"."noc_drivable" between 0 and 10000000 and "site_settings"."noc_not_drivable" between 0 and 10000000 and "site_settings"."mileage_jump_km" between 1 and 1000000);