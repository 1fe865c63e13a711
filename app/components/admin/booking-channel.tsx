import { useAdminI18n } from "#app/lib/admin";

/**
 * How a booking was taken (issue 37): on the website, through the API, or at the counter by phone or
 * in person, with the staff member who took it.
 */
export function BookingChannel({
  booking,
  takenBy,
}: {
  booking: { channel: string; counterContact: string | null };
  takenBy: { name: string } | null;
}) {
  const { t } = useAdminI18n();
  const how =
    booking.channel === "counter"
      ? t(
          booking.counterContact === "in_person"
            ? "admin.reservation.channelInPerson"
            : "admin.reservation.channelPhone",
        )
      : t(booking.channel === "api" ? "admin.reservation.channelApi" : "admin.reservation.channelWeb");
  return (
    <span data-testid="booking-channel" data-channel={booking.channel} data-contact={booking.counterContact ?? ""}>
      {takenBy ? t("admin.reservation.takenBy", { channel: how, name: takenBy.name }) : how}
    </span>
  );
}
