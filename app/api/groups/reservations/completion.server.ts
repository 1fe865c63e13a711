import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { operation } from "#app/api/operation.server";
import { CATALOGUES, type MessageKey, translate } from "#app/i18n/messages";
import { driverFormConfigOf } from "#app/presenters/driver-form.server";
import { customerStart } from "#app/presenters/reserve-customer.server";
import { pickLang } from "#common/locales";
import { reservations } from "#server/db/schema";
import { AppError, notFoundError } from "#server/errors";
import { browserSession, feesOut, justBooked, requireBooker, storeRef } from "./presenters.server";
import { Money, ReservationSchema, StoreRefSchema } from "./schemas.server";

export const COMPLETION_OPERATIONS = [
  operation({
    method: "get",
    path: "/borrower",
    tag: "reservations",
    operationId: "borrower",
    summary:
      "The customer step's starting values: what the booking holds, else the member's profile; the saved drivers",
    response: z.object({
      values: z
        .record(z.string(), z.string())
        .meta({ description: "The customer form's fields, as `validate-reserve-customer` takes them." }),
      prefilled_from_profile: z.boolean(),
      member: z.boolean(),
      capacity: z.number().int().nullable().meta({ description: "The car type's seats: the most passengers." }),
      saved_drivers: z.array(
        z.object({ id: z.number().int(), name: z.string(), expires: z.string().nullable(), expired: z.boolean() }),
      ),
    }),
    browser: "session",
    key: false,
    problems: [422],
    async handler(req) {
      await requireBooker(req);
      const session = await browserSession(req);
      if (!session?.carTypeId) throw new AppError("rejected", { reason: { code: "details_updated" } });
      const member = await req.session?.member();
      const config = await driverFormConfigOf(req.db, req.siteId, req.bundle, req.now);
      const start = await customerStart(req.db, req.siteId, {
        session,
        memberId: member?.id ?? null,
        today: config.today,
      });
      return {
        values: start.values,
        prefilled_from_profile: start.prefilledFromProfile,
        member: Boolean(member),
        capacity: req.bundle.catalogue.carTypes.find((t) => t.id === session.carTypeId)?.capacity ?? null,
        saved_drivers: start.savedDrivers,
      };
    },
  }),
  operation({
    method: "get",
    path: "/completed",
    tag: "reservations",
    operationId: "completed",
    summary: "The booking the session just made: its number, total and payment",
    response: z.object({
      reserve_no: z.string(),
      reserve_id: z.number().int(),
      total_fee: Money,
      pay_method: z.number().int(),
      store: StoreRefSchema,
      start_at: z.string(),
      end_at: z.string(),
      email: z.string(),
    }),
    browser: "session",
    key: false,
    async handler(req) {
      const row = await justBooked(req);
      return {
        reserve_no: row.reserveNo,
        reserve_id: row.id,
        total_fee: row.totalFee,
        pay_method: row.payMethod,
        store: storeRef(req.bundle, req.locale, row.storeId),
        start_at: row.startAt.toISOString(),
        end_at: row.endAt.toISOString(),
        email: row.borrower?.email ?? "",
      };
    },
  }),
  operation({
    method: "get",
    path: "/completion",
    tag: "reservations",
    operationId: "completion",
    summary: "The completion page in the request's language: its texts with the booking the session just made",
    response: z.object({
      title: z.string(),
      lead: z.string(),
      reserve_no: z.string(),
      mail_sent: z.string(),
      contact: z.string(),
      store_name: z.string(),
      return_store_name: z.string(),
      store_tel: z.string(),
      total_fee: Money,
      pay_method: z.number().int(),
      pay_method_label: z.string(),
      member: z.boolean(),
    }),
    browser: "session",
    key: false,
    async handler(req) {
      const row = await justBooked(req);
      const messages = CATALOGUES[req.locale];
      const store = req.bundle.stores.find((s) => s.id === row.storeId);
      const back = req.bundle.stores.find((s) => s.id === (row.returnStoreId ?? row.storeId)) ?? store;
      const storeName = store ? pickLang(store, "storeName", req.locale) : "";
      return {
        title: translate(messages, "completed.title"),
        lead: translate(messages, "completed.lead"),
        reserve_no: row.reserveNo,
        mail_sent: translate(messages, "completed.mailSent", { email: row.borrower?.email ?? "" }),
        contact: translate(messages, "completed.contact", { store: storeName }),
        store_name: storeName,
        return_store_name: back ? pickLang(back, "storeName", req.locale) : "",
        store_tel: store?.tel ?? "",
        total_fee: row.totalFee,
        pay_method: row.payMethod,
        pay_method_label: translate(messages, `reserves.pay.${row.payMethod}` as MessageKey),
        member: Boolean(await req.session?.member()),
      };
    },
  }),
  operation({
    method: "get",
    path: "/reservations/:reserveNo",
    tag: "reservations",
    operationId: "reservations/{reserveNo}",
    summary: "A booking by its number (programs with the bookings scope)",
    params: z.object({ reserveNo: z.string().regex(/^[A-Za-z0-9-]{1,40}$/) }),
    response: ReservationSchema,
    browser: false,
    key: "bookings",
    async handler(req) {
      const [row] = await req.db
        .select()
        .from(reservations)
        .where(and(eq(reservations.siteId, req.siteId), eq(reservations.reserveNo, req.params.reserveNo)));
      if (!row || row.status === "held") throw notFoundError();
      return {
        reserve_no: row.reserveNo,
        status: row.status,
        store: storeRef(req.bundle, req.locale, row.storeId),
        car_type_id: row.carTypeId,
        start_at: row.startAt.toISOString(),
        end_at: row.endAt.toISOString(),
        fees: feesOut({
          rentCarFee: row.rentalFee,
          optionFee: row.optionFee,
          immunityFee: row.immunityFee,
          total: row.totalFee,
        }),
        pay_method: row.payMethod,
        payment_status: row.paymentStatus,
        options: row.options.map((o) => ({
          option_id: o.optionId,
          name: o.name[req.locale] || o.name.ja || "",
          quantity: o.quantity,
          fee: o.fee,
        })),
        borrower_name: row.borrower?.name ?? "",
        channel: row.channel,
        revision: row.revision,
      };
    },
  }),
];
