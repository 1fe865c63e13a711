CREATE TABLE "driver_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"driver_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"blob_key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_images_blobKey_unique" UNIQUE("blob_key"),
	CONSTRAINT "driver_images_slot" UNIQUE("site_id","driver_id","slot"),
	CONSTRAINT "driver_images_slot_range" CHECK ("driver_images"."slot" between 1 and 4),
	CONSTRAINT "driver_images_type" CHECK ("driver_images"."content_type" in ('image/jpeg', 'image/png', 'image/webp'))
);
--> statement-breakpoint
CREATE TABLE "driver_input_settings" (
	"site_id" text PRIMARY KEY NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"license_pictures_display_num" smallint DEFAULT 2 NOT NULL,
	"should_hide_all_inputs" boolean DEFAULT false NOT NULL,
	CONSTRAINT "driver_input_settings_pictures" CHECK ("driver_input_settings"."license_pictures_display_num" between 0 and 4)
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"member_id" integer NOT NULL,
	"driver_code" text,
	"name" text DEFAULT '' NOT NULL,
	"kana" text DEFAULT '' NOT NULL,
	"birthdate" date,
	"tel" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"pref_code" smallint,
	"address_a" text DEFAULT '' NOT NULL,
	"address_b" text DEFAULT '' NOT NULL,
	"license_types" text[] DEFAULT '{}' NOT NULL,
	"license_number" text DEFAULT '' NOT NULL,
	"license_acquisition_date" date,
	"license_expiration_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drivers_site_id_id" UNIQUE("site_id","id"),
	CONSTRAINT "drivers_pref_code" CHECK ("drivers"."pref_code" is null or "drivers"."pref_code" between 1 and 48)
);
--> statement-breakpoint
CREATE TABLE "member_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"member_id" integer NOT NULL,
	"gateway_card_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"holder" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_cards_site_id_id" UNIQUE("site_id","id"),
	CONSTRAINT "member_cards_gateway_card" UNIQUE("site_id","gateway_card_id"),
	CONSTRAINT "member_cards_last4" CHECK ("member_cards"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "member_cards_exp_month" CHECK ("member_cards"."exp_month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"user_type" smallint DEFAULT 1 NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"company_kana" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"kana" text DEFAULT '' NOT NULL,
	"email" text,
	"password_hash" text,
	"gender" smallint,
	"birthdate" date,
	"tel" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"pref_code" smallint,
	"address_a" text DEFAULT '' NOT NULL,
	"address_b" text DEFAULT '' NOT NULL,
	"newsletter" smallint DEFAULT 0 NOT NULL,
	"locale" text DEFAULT 'ja' NOT NULL,
	"payment_customer_id" text,
	"registered_by_store" boolean DEFAULT false NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_site_id_id" UNIQUE("site_id","id"),
	CONSTRAINT "members_user_type" CHECK ("members"."user_type" in (1, 2)),
	CONSTRAINT "members_gender" CHECK ("members"."gender" is null or "members"."gender" in (1, 2)),
	CONSTRAINT "members_pref_code" CHECK ("members"."pref_code" is null or "members"."pref_code" between 1 and 48),
	CONSTRAINT "members_newsletter" CHECK ("members"."newsletter" in (0, 1)),
	CONSTRAINT "members_locale" CHECK ("members"."locale" in ('ja', 'en', 'ko', 'zh-TW')),
	CONSTRAINT "members_email_present" CHECK (("members"."email" is null) = ("members"."withdrawn_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"member_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_key_window" UNIQUE("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"member_id" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "member_id" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "driver_id" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "rental_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "option_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "immunity_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "total_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "pay_method" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "pay_method_other" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "destination" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "purpose" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "passengers" smallint;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "remarks" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "locale" text DEFAULT 'ja' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "borrower" jsonb;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "driver" jsonb;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_images" ADD CONSTRAINT "driver_images_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_images" ADD CONSTRAINT "driver_images_driver_fk" FOREIGN KEY ("site_id","driver_id") REFERENCES "public"."drivers"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_input_settings" ADD CONSTRAINT "driver_input_settings_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_member_fk" FOREIGN KEY ("site_id","member_id") REFERENCES "public"."members"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_member_fk" FOREIGN KEY ("site_id","member_id") REFERENCES "public"."members"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_member_fk" FOREIGN KEY ("site_id","member_id") REFERENCES "public"."members"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_fk" FOREIGN KEY ("site_id","member_id") REFERENCES "public"."members"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drivers_site_member" ON "drivers" USING btree ("site_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_cards_one_default" ON "member_cards" USING btree ("site_id","member_id") WHERE "member_cards"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "members_site_email" ON "members" USING btree ("site_id",lower("email")) WHERE "members"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "password_reset_tokens_member" ON "password_reset_tokens" USING btree ("site_id","member_id");--> statement-breakpoint
CREATE INDEX "rate_limits_window" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "sessions_site_member" ON "sessions" USING btree ("site_id","member_id");--> statement-breakpoint
CREATE INDEX "sessions_expires" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_member_fk" FOREIGN KEY ("site_id","member_id") REFERENCES "public"."members"("site_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_driver_fk" FOREIGN KEY ("site_id","driver_id") REFERENCES "public"."drivers"("site_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_site_member" ON "reservations" USING btree ("site_id","member_id","start_at");--> statement-breakpoint
CREATE INDEX "reservations_site_driver" ON "reservations" USING btree ("site_id","driver_id");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_pay_method" CHECK ("reservations"."pay_method" between 1 and 4);--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_fees" CHECK ("reservations"."rental_fee" >= 0 and "reservations"."option_fee" >= 0 and "reservations"."immunity_fee" >= 0 and "reservations"."total_fee" >= 0);