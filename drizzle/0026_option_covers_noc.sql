ALTER TABLE "car_options" ADD COLUMN "covers_noc" boolean DEFAULT false NOT NULL;
