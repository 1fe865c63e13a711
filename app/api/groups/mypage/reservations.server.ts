import { z } from "zod";
import { DRIVER_LIST_OPERATION } from "#app/api/groups/drivers/read.server";
import { IdParams } from "#app/api/groups/drivers/schemas.server";
import { operation } from "#app/api/operation.server";
import { listMemberReservations } from "#server/mypage/reservations";
import { memberReservationOr404, reservationDetailOut, reservationOut } from "./presenters.server";
import { MyPageReservationDetailSchema, MyPageReservationSchema } from "./schemas.server";

export const RESERVATION_OPERATIONS = [
  operation({
    method: "get",
    path: "/mypage/reserves",
    tag: "mypage",
    operationId: "mypage/reserves",
    summary: "The member's reservations: the coming ones first (soonest first), then the rest (latest first)",
    description: "As My Page's reservation list shows them, names and labels in the request's language.",
    response: z.object({ reserves: z.array(MyPageReservationSchema) }),
    browser: "member",
    key: false,
    async handler({ db, siteId, locale, now, member }) {
      const me = await member();
      const rows = await listMemberReservations(db, siteId, me.id, now);
      return { reserves: rows.map((row) => reservationOut(row, locale, now)) };
    },
  }),
  operation({
    method: "get",
    path: "/mypage/reserves/:id",
    tag: "mypage",
    operationId: "mypage/reserves/{id}",
    summary: "One of the member's reservations, in full, with whether it can be cancelled online",
    description:
      "Options, fees, renter and driver as booked, and `cancellation`: the site's online cancellation terms for it. Another member's or another site's reservation is 404.",
    params: IdParams,
    response: z.object({ reserve: MyPageReservationDetailSchema }),
    browser: "member",
    key: false,
    async handler(req) {
      const me = await req.member();
      const row = await memberReservationOr404(req.db, req.siteId, me.id, req.params.id);
      return { reserve: await reservationDetailOut(req, row) };
    },
  }),
  {
    ...DRIVER_LIST_OPERATION,
    path: "/mypage/driver-list",
    tag: "mypage" as const,
    operationId: "mypage/driver-list",
    summary: "The member's saved drivers (as `GET /drivers`)",
  },
];
