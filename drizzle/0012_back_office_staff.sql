CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"staff_id" integer,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"role" text NOT NULL,
	"password_hash" text,
	"locale" text DEFAULT 'ja' NOT NULL,
	"totp_secret" text,
	"totp_pending_secret" text,
	"recovery_code_hashes" text[] DEFAULT '{}' NOT NULL,
	"totp_last_step" integer,
	"disabled_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_site_id_id" UNIQUE("site_id","id"),
	CONSTRAINT "staff_role" CHECK ("staff"."role" in ('owner', 'manager', 'store_staff', 'read_only')),
	CONSTRAINT "staff_locale" CHECK ("staff"."locale" in ('ja', 'en'))
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"staff_id" integer NOT NULL,
	"two_factor_pending" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_stores" (
	"site_id" text NOT NULL,
	"staff_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	CONSTRAINT "staff_stores_site_id_staff_id_store_id_pk" PRIMARY KEY("site_id","staff_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "staff_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"staff_id" integer NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_tokens_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "staff_tokens_kind" CHECK ("staff_tokens"."kind" in ('invitation', 'password_reset'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_fk" FOREIGN KEY ("site_id","staff_id") REFERENCES "public"."staff"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_stores" ADD CONSTRAINT "staff_stores_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_stores" ADD CONSTRAINT "staff_stores_staff_fk" FOREIGN KEY ("site_id","staff_id") REFERENCES "public"."staff"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_stores" ADD CONSTRAINT "staff_stores_store_fk" FOREIGN KEY ("site_id","store_id") REFERENCES "public"."stores"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_tokens" ADD CONSTRAINT "staff_tokens_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_tokens" ADD CONSTRAINT "staff_tokens_staff_fk" FOREIGN KEY ("site_id","staff_id") REFERENCES "public"."staff"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_site_at" ON "audit_log" USING btree ("site_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_site_email" ON "staff" USING btree ("site_id",lower("email"));--> statement-breakpoint
CREATE INDEX "staff_sessions_site_staff" ON "staff_sessions" USING btree ("site_id","staff_id");--> statement-breakpoint
CREATE INDEX "staff_sessions_expires" ON "staff_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "staff_tokens_staff" ON "staff_tokens" USING btree ("site_id","staff_id");--> statement-breakpoint
-- Tenant tables (decision 022): the same policy as every other table with a site_id.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['staff', 'staff_stores', 'staff_sessions', 'staff_tokens', 'audit_log'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY site_isolation ON %I USING (site_id = current_setting(''app.site_id'', true)) '
      'WITH CHECK (site_id = current_setting(''app.site_id'', true))', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- The audit log is never edited: the app may only add to it, and no one may change an entry.
-- (Deleting a whole site still removes its entries through the foreign key's cascade.)
REVOKE UPDATE, DELETE ON "audit_log" FROM rentacar_app;
--> statement-breakpoint
CREATE FUNCTION audit_log_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit log entries cannot be changed' USING ERRCODE = 'RA001';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_update();
