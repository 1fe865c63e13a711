CREATE TABLE "car_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"class_name" text DEFAULT '' NOT NULL,
	"class_name_en" text,
	"class_name_tw" text,
	"class_name_kr" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "car_classes_site_id_id" UNIQUE("site_id","id")
);
--> statement-breakpoint
CREATE TABLE "car_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"option_name" text DEFAULT '' NOT NULL,
	"option_name_en" text,
	"option_name_tw" text,
	"option_name_kr" text,
	"price" integer NOT NULL,
	"price_unit" smallint DEFAULT 1 NOT NULL,
	"max_quantity" smallint DEFAULT 1 NOT NULL,
	"store_ids" integer[] DEFAULT '{}' NOT NULL,
	"class_ids" integer[] DEFAULT '{}' NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "car_options_price" CHECK ("car_options"."price" >= 0),
	CONSTRAINT "car_options_unit" CHECK ("car_options"."price_unit" in (1, 2)),
	CONSTRAINT "car_options_max" CHECK ("car_options"."max_quantity" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "car_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"class_id" integer NOT NULL,
	"type_name" text DEFAULT '' NOT NULL,
	"type_name_en" text,
	"type_name_tw" text,
	"type_name_kr" text,
	"model_names" text DEFAULT '' NOT NULL,
	"model_names_en" text,
	"model_names_tw" text,
	"model_names_kr" text,
	"capacity" smallint NOT NULL,
	"displacement_cc" integer,
	"doors" smallint,
	"fuel" smallint DEFAULT 1 NOT NULL,
	"transmission" smallint DEFAULT 1 NOT NULL,
	"smoking" smallint DEFAULT 1 NOT NULL,
	"has_navigation" boolean DEFAULT true NOT NULL,
	"has_etc" boolean DEFAULT true NOT NULL,
	"is_four_wd" boolean DEFAULT false NOT NULL,
	"image_paths" text[] DEFAULT '{}' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"notes_en" text,
	"notes_tw" text,
	"notes_kr" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	CONSTRAINT "car_types_site_id_id" UNIQUE("site_id","id"),
	CONSTRAINT "car_types_capacity" CHECK ("car_types"."capacity" between 1 and 60),
	CONSTRAINT "car_types_fuel" CHECK ("car_types"."fuel" between 1 and 5),
	CONSTRAINT "car_types_transmission" CHECK ("car_types"."transmission" in (1, 2)),
	CONSTRAINT "car_types_smoking" CHECK ("car_types"."smoking" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "fee_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"store_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"mode" smallint NOT NULL,
	"effective_from" date NOT NULL,
	"is_high_season" boolean DEFAULT false NOT NULL,
	"up_to3h" integer,
	"up_to6h" integer,
	"up_to12h" integer,
	"up_to24h" integer,
	"extra_hour" integer,
	"extra_day" integer,
	"same_day" integer,
	"nights1" integer,
	"nights2" integer,
	"nights3" integer,
	"nights4" integer,
	"nights5" integer,
	"nights6" integer,
	"nights7" integer,
	"nights14" integer,
	"month" integer,
	CONSTRAINT "fee_plans_key" UNIQUE("site_id","store_id","class_id","effective_from","is_high_season"),
	CONSTRAINT "fee_plans_mode" CHECK ("fee_plans"."mode" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "immunity_fees" (
	"site_id" text NOT NULL,
	"class_id" integer NOT NULL,
	"price_per_day" integer NOT NULL,
	"is_default" boolean DEFAULT true NOT NULL,
	CONSTRAINT "immunity_fees_site_id_class_id_pk" PRIMARY KEY("site_id","class_id"),
	CONSTRAINT "immunity_fees_price" CHECK ("immunity_fees"."price_per_day" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"reserve_no" text NOT NULL,
	"store_id" integer NOT NULL,
	"return_store_id" integer,
	"car_type_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"is_cancelled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_site_reserve_no" UNIQUE("site_id","reserve_no"),
	CONSTRAINT "reservations_period" CHECK ("reservations"."end_at" > "reservations"."start_at")
);
--> statement-breakpoint
CREATE TABLE "store_holidays" (
	"site_id" text NOT NULL,
	"store_id" integer NOT NULL,
	"holiday_date" date NOT NULL,
	CONSTRAINT "store_holidays_site_id_store_id_holiday_date_pk" PRIMARY KEY("site_id","store_id","holiday_date")
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"store_id" integer NOT NULL,
	"car_type_id" integer NOT NULL,
	"registration_number" text NOT NULL,
	"in_service" boolean DEFAULT true NOT NULL,
	"mileage_km" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vehicles_site_registration" UNIQUE("site_id","registration_number")
);
--> statement-breakpoint
ALTER TABLE "car_classes" ADD CONSTRAINT "car_classes_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_options" ADD CONSTRAINT "car_options_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_types" ADD CONSTRAINT "car_types_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_types" ADD CONSTRAINT "car_types_class_id_car_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."car_classes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_plans" ADD CONSTRAINT "fee_plans_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_plans" ADD CONSTRAINT "fee_plans_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_plans" ADD CONSTRAINT "fee_plans_class_id_car_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."car_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "immunity_fees" ADD CONSTRAINT "immunity_fees_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "immunity_fees" ADD CONSTRAINT "immunity_fees_class_id_car_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."car_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_return_store_id_stores_id_fk" FOREIGN KEY ("return_store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_car_type_id_car_types_id_fk" FOREIGN KEY ("car_type_id") REFERENCES "public"."car_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_holidays" ADD CONSTRAINT "store_holidays_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_holidays" ADD CONSTRAINT "store_holidays_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_car_type_id_car_types_id_fk" FOREIGN KEY ("car_type_id") REFERENCES "public"."car_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicles_site_store_type" ON "vehicles" USING btree ("site_id","store_id","car_type_id");