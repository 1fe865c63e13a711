-- Issue 25 (decision 033): API keys, webhook endpoints with their outbox of events and deliveries,
-- and the secret URLs of the stores' calendar feeds.
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"rate_limit" integer DEFAULT 120 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_site_id_id" UNIQUE("site_id","id"),
	CONSTRAINT "api_keys_scopes" CHECK ("api_keys"."scopes" <@ array['catalog:read', 'bookings']::text[] and cardinality("api_keys"."scopes") > 0),
	CONSTRAINT "api_keys_rate_limit" CHECK ("api_keys"."rate_limit" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "store_calendar_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"store_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "store_calendar_feeds_site_id_id" UNIQUE("site_id","id")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"event_id" text NOT NULL,
	"endpoint_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_site_id_id" UNIQUE("site_id","id"),
	CONSTRAINT "webhook_deliveries_event_endpoint" UNIQUE("site_id","event_id","endpoint_id"),
	CONSTRAINT "webhook_deliveries_status" CHECK ("webhook_deliveries"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"event_types" text[] DEFAULT '{}' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone,
	CONSTRAINT "webhook_endpoints_site_id_id" UNIQUE("site_id","id")
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_events_site_id_id" UNIQUE("site_id","id"),
	CONSTRAINT "webhook_events_type" CHECK ("webhook_events"."type" in ('reservation.created', 'reservation.changed', 'reservation.cancelled', 'payment.succeeded', 'payment.refunded'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_calendar_feeds" ADD CONSTRAINT "store_calendar_feeds_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_calendar_feeds" ADD CONSTRAINT "store_calendar_feeds_store_fk" FOREIGN KEY ("site_id","store_id") REFERENCES "public"."stores"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_fk" FOREIGN KEY ("site_id","event_id") REFERENCES "public"."webhook_events"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_fk" FOREIGN KEY ("site_id","endpoint_id") REFERENCES "public"."webhook_endpoints"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_hash" ON "api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "store_calendar_feeds_token" ON "store_calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "store_calendar_feeds_store" ON "store_calendar_feeds" USING btree ("site_id","store_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_site_created" ON "webhook_deliveries" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_events_site_created" ON "webhook_events" USING btree ("site_id","created_at");--> statement-breakpoint
-- Tenant tables (decision 022): the same policy as every other table with a site_id.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['api_keys', 'webhook_endpoints', 'webhook_events', 'webhook_deliveries', 'store_calendar_feeds'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY site_isolation ON %I USING (site_id = current_setting(''app.site_id'', true)) '
      'WITH CHECK (site_id = current_setting(''app.site_id'', true))', t);
  END LOOP;
END $$;
