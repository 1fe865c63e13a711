ALTER TABLE "site_settings" ADD COLUMN "pay_other_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "pay_other_note_en" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "pay_other_note_tw" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "pay_other_note_kr" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "long_rental_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_long_rental_days" CHECK ("site_settings"."long_rental_days" between 1 and 730);