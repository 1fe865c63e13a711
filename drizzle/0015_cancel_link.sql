-- Issue 24: the secret a guest's cancellation link is signed with (HMAC-SHA256 of the site, the
-- reservation number and the link's expiry). One per booking, never sent anywhere: the mail carries
-- only the signature. Existing bookings get one each.
ALTER TABLE "reservations" ADD COLUMN "link_secret" uuid DEFAULT gen_random_uuid() NOT NULL;
