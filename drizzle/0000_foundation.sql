CREATE TABLE "clients" (
	"site_id" text PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"usage_plan_type" smallint NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_clientId_unique" UNIQUE("client_id"),
	CONSTRAINT "clients_plan_range" CHECK ("clients"."usage_plan_type" between 1 and 4),
	CONSTRAINT "clients_site_id_slug" CHECK ("clients"."site_id" ~ '^[a-z0-9][a-z0-9_-]{1,62}$')
);
--> statement-breakpoint
CREATE TABLE "custom_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"page_url" text NOT NULL,
	"page_title" text DEFAULT '' NOT NULL,
	"page_title_en" text,
	"page_title_tw" text,
	"page_title_kr" text,
	"page_contents" text DEFAULT '' NOT NULL,
	"page_contents_en" text,
	"page_contents_tw" text,
	"page_contents_kr" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "custom_pages_site_url" UNIQUE("site_id","page_url"),
	CONSTRAINT "custom_pages_url_slug" CHECK ("custom_pages"."page_url" ~ '^[a-z0-9][a-z0-9_-]*$')
);
--> statement-breakpoint
CREATE TABLE "seo_settings" (
	"site_id" text NOT NULL,
	"page_kind" text NOT NULL,
	"page_title" text DEFAULT '' NOT NULL,
	"page_title_en" text,
	"page_title_tw" text,
	"page_title_kr" text,
	"description" text DEFAULT '' NOT NULL,
	"description_en" text,
	"description_tw" text,
	"description_kr" text,
	CONSTRAINT "seo_settings_site_id_page_kind_pk" PRIMARY KEY("site_id","page_kind")
);
--> statement-breakpoint
CREATE TABLE "site_config_versions" (
	"site_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_footers" (
	"site_id" text PRIMARY KEY NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"company_name_en" text,
	"company_name_tw" text,
	"company_name_kr" text,
	"footer_text" text DEFAULT '' NOT NULL,
	"footer_text_en" text,
	"footer_text_tw" text,
	"footer_text_kr" text
);
--> statement-breakpoint
CREATE TABLE "site_logos" (
	"site_id" text PRIMARY KEY NOT NULL,
	"img_path" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_news" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"published_on" date NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"title_en" text,
	"title_tw" text,
	"title_kr" text,
	"body" text DEFAULT '' NOT NULL,
	"body_en" text,
	"body_tw" text,
	"body_kr" text
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"site_id" text PRIMARY KEY NOT NULL,
	"site_title" text DEFAULT '' NOT NULL,
	"site_title_en" text,
	"site_title_tw" text,
	"site_title_kr" text,
	"header_message" text DEFAULT '' NOT NULL,
	"header_message_en" text,
	"header_message_tw" text,
	"header_message_kr" text,
	"default_start_day" smallint DEFAULT 1 NOT NULL,
	"default_start_time" text DEFAULT '11:00' NOT NULL,
	"default_end_day" smallint DEFAULT 1 NOT NULL,
	"default_end_time" text DEFAULT '18:00' NOT NULL,
	"supported_languages" text DEFAULT 'jp' NOT NULL,
	"public_status" smallint DEFAULT 1 NOT NULL,
	"is_disp_image" boolean DEFAULT true NOT NULL,
	"is_disp_non_member" boolean DEFAULT true NOT NULL,
	"default_disp_empty_car_type" smallint DEFAULT 2 NOT NULL,
	"is_disp_empty_car_calendar" smallint DEFAULT 1 NOT NULL,
	"remaining_car_number" smallint DEFAULT 1 NOT NULL,
	"triangle_car_number" smallint DEFAULT 2 NOT NULL,
	"no_reserve_car_calendar_mark" text DEFAULT '×' NOT NULL,
	"default_rental_period_slug" text DEFAULT '01' NOT NULL,
	"min_lead_minutes" integer DEFAULT 120 NOT NULL,
	"max_advance_days" integer DEFAULT 365 NOT NULL,
	"site_color" text DEFAULT '#ee6e25' NOT NULL,
	"font_color" text,
	"favicon_path" text,
	"price_list_page_url" text,
	"web_reserve_accepting" boolean DEFAULT true NOT NULL,
	CONSTRAINT "site_settings_public_status" CHECK ("site_settings"."public_status" in (1, 2)),
	CONSTRAINT "site_settings_site_color" CHECK ("site_settings"."site_color" ~ '^#[0-9a-fA-F]{6}$')
);
--> statement-breakpoint
CREATE TABLE "site_trackings" (
	"site_id" text PRIMARY KEY NOT NULL,
	"ga_tracking_code" text,
	"gtm_container_id" text
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"store_name" text DEFAULT '' NOT NULL,
	"store_name_en" text,
	"store_name_tw" text,
	"store_name_kr" text,
	"zip" text DEFAULT '' NOT NULL,
	"pref_code" smallint,
	"address_a" text DEFAULT '' NOT NULL,
	"address_a_en" text,
	"address_a_tw" text,
	"address_a_kr" text,
	"address_b" text DEFAULT '' NOT NULL,
	"address_b_en" text,
	"address_b_tw" text,
	"address_b_kr" text,
	"tel" text DEFAULT '' NOT NULL,
	"email" text,
	"access" text DEFAULT '' NOT NULL,
	"access_en" text,
	"access_tw" text,
	"access_kr" text,
	"remarks" text DEFAULT '' NOT NULL,
	"remarks_en" text,
	"remarks_tw" text,
	"remarks_kr" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"management_status" smallint DEFAULT 1 NOT NULL,
	"business_hours_type" smallint DEFAULT 2 NOT NULL,
	"business_start_time" text DEFAULT '10:00' NOT NULL,
	"business_end_time" text DEFAULT '18:00' NOT NULL,
	"is_open24h" boolean DEFAULT false NOT NULL,
	"time_zone" text DEFAULT 'Asia/Tokyo' NOT NULL,
	"closed_date" date,
	"regular_holiday_week" smallint[] DEFAULT '{}' NOT NULL,
	"regular_holiday_dates" smallint[] DEFAULT '{}' NOT NULL,
	"high_season_week" smallint[] DEFAULT '{}' NOT NULL,
	"high_season_dates" date[] DEFAULT '{}' NOT NULL,
	"reserve_max_date" date,
	CONSTRAINT "stores_site_id_id" UNIQUE("site_id","id")
);
--> statement-breakpoint
CREATE TABLE "top_infos" (
	"site_id" text PRIMARY KEY NOT NULL,
	"site_image_path" text,
	"page_edit_top" text DEFAULT '' NOT NULL,
	"page_edit_top_en" text,
	"page_edit_top_tw" text,
	"page_edit_top_kr" text
);
--> statement-breakpoint
ALTER TABLE "custom_pages" ADD CONSTRAINT "custom_pages_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_settings" ADD CONSTRAINT "seo_settings_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_config_versions" ADD CONSTRAINT "site_config_versions_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_footers" ADD CONSTRAINT "site_footers_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_logos" ADD CONSTRAINT "site_logos_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_news" ADD CONSTRAINT "site_news_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_trackings" ADD CONSTRAINT "site_trackings_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_infos" ADD CONSTRAINT "top_infos_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_news_site_published" ON "site_news" USING btree ("site_id","published_on");--> statement-breakpoint
CREATE INDEX "stores_site_order" ON "stores" USING btree ("site_id","display_order");