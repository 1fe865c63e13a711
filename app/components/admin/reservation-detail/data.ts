import type { Route } from "../../../routes/admin/+types/reservation-detail";

/** What the reservation page's loader gives its sections. */
export type ReservationData = Route.ComponentProps["loaderData"];
