ALTER TABLE "car_types" DROP CONSTRAINT "car_types_class_id_car_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "fee_plans" DROP CONSTRAINT "fee_plans_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "fee_plans" DROP CONSTRAINT "fee_plans_class_id_car_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "immunity_fees" DROP CONSTRAINT "immunity_fees_class_id_car_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_return_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_car_type_id_car_types_id_fk";
--> statement-breakpoint
ALTER TABLE "store_holidays" DROP CONSTRAINT "store_holidays_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "vehicles" DROP CONSTRAINT "vehicles_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "vehicles" DROP CONSTRAINT "vehicles_car_type_id_car_types_id_fk";
--> statement-breakpoint
ALTER TABLE "car_types" ADD CONSTRAINT "car_types_class_fk" FOREIGN KEY ("site_id","class_id") REFERENCES "public"."car_classes"("site_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_plans" ADD CONSTRAINT "fee_plans_store_fk" FOREIGN KEY ("site_id","store_id") REFERENCES "public"."stores"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_plans" ADD CONSTRAINT "fee_plans_class_fk" FOREIGN KEY ("site_id","class_id") REFERENCES "public"."car_classes"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "immunity_fees" ADD CONSTRAINT "immunity_fees_class_fk" FOREIGN KEY ("site_id","class_id") REFERENCES "public"."car_classes"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_store_fk" FOREIGN KEY ("site_id","store_id") REFERENCES "public"."stores"("site_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_return_store_fk" FOREIGN KEY ("site_id","return_store_id") REFERENCES "public"."stores"("site_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_car_type_fk" FOREIGN KEY ("site_id","car_type_id") REFERENCES "public"."car_types"("site_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_holidays" ADD CONSTRAINT "store_holidays_store_fk" FOREIGN KEY ("site_id","store_id") REFERENCES "public"."stores"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_store_fk" FOREIGN KEY ("site_id","store_id") REFERENCES "public"."stores"("site_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_car_type_fk" FOREIGN KEY ("site_id","car_type_id") REFERENCES "public"."car_types"("site_id","id") ON DELETE restrict ON UPDATE no action;