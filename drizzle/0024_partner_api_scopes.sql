-- Issue 42: the API for programs' scopes. `bookings` stays for keys made before (it covers both reservation scopes).
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_scopes";--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_scopes" CHECK ("api_keys"."scopes" <@ array['catalog:read', 'reservations:read', 'reservations:write', 'bookings']::text[] and cardinality("api_keys"."scopes") > 0);
