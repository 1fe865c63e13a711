CREATE TABLE "idempotency_keys" (
	"site_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"reservation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_site_id_key_pk" PRIMARY KEY("site_id","key")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"object_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "car_options" ADD COLUMN "may_be_unavailable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "status" text DEFAULT 'confirmed' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "payment_id" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "payment_status" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "option_not_possible_type" smallint;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "reservations_site_payment" ON "reservations" USING btree ("site_id","payment_id");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_status" CHECK ("reservations"."status" in ('held', 'confirmed', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_hold_expiry" CHECK ("reservations"."status" <> 'held' or "reservations"."hold_expires_at" is not null);--> statement-breakpoint
UPDATE "reservations" SET "status" = 'cancelled', "cancelled_at" = "created_at" WHERE "is_cancelled";