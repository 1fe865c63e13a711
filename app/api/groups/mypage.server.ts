import { z } from "zod";
import type { Locale } from "../../../common/locales";
import { customerCancelTerms } from "../../../server/counter/customer-cancel";
import { notFoundError } from "../../../server/errors";
import { PasswordChangeSchema, ProfileUpdateSchema, profileFormValues } from "../../../server/members/member.schema";
import { changePassword } from "../../../server/members/password-change";
import { getProfile, updateProfile } from "../../../server/members/profile";
import { checkWithdrawal, WITHDRAWAL_REFUSAL, withdraw } from "../../../server/members/withdrawal";
import {
  getMemberReservation,
  listMemberReservations,
  type MemberReservation,
} from "../../../server/mypage/reservations";
import type { SiteBundle } from "../../../server/sites/site-bundle";
import { CATALOGUES, type MessageKey, translate } from "../../i18n/messages";
import { cancelTermsView } from "../../presenters/customer-cancel.server";
import { reservationView } from "../../presenters/reservation.server";
import { operation } from "../operation.server";
import { reasonText } from "../problem.server";
import { DRIVER_LIST_OPERATION, IdParams } from "./drivers.server";

const STATUSES = ["upcoming", "in_progress", "returned", "cancelled"] as const;

const Named = z.object({ id: z.number().int(), name: z.string() });

/** A reservation as My Page's list shows it (app/routes/mypage/reserves.tsx). */
export const MyPageReservationSchema = z
  .object({
    id: z.number().int(),
    reserve_no: z.string(),
    status: z.enum(STATUSES).meta({
      description:
        "Where it stands for the member: `upcoming` (booked), `in_progress` (the car is out), `returned`, `cancelled`.",
    }),
    status_label: z.string().meta({ description: "The status in the request's language." }),
    store: Named.meta({ description: "The departure store." }),
    return_store: Named,
    car_class: z.string(),
    car_type: Named,
    start_at: z.string().meta({ description: "Departure, ISO 8601." }),
    end_at: z.string().meta({ description: "Return, ISO 8601." }),
    departure: z.string().meta({ description: "Departure as shown, `YYYY/MM/DD HH:mm` in the store's time zone." }),
    return: z.string().meta({ description: "Return as shown, `YYYY/MM/DD HH:mm` in the store's time zone." }),
    time_zone: z.string(),
    rental_fee: z.number().int().meta({ description: "Class fee, yen, tax included." }),
    option_fee: z.number().int(),
    immunity_fee: z.number().int(),
    total_fee: z.number().int().meta({ description: "Total, yen, tax included." }),
    pay_method: z.number().int().meta({ description: "1 card in advance, 2 cash, 3 card at the store, 4 other." }),
    pay_method_label: z.string(),
  })
  .meta({ id: "MyPageReservation" });

const PersonSchema = z
  .object({
    company: z.string(),
    name: z.string(),
    kana: z.string(),
    tel: z.string(),
    email: z.string(),
    address: z.string().meta({ description: "One line, in the request's language's order; empty when none." }),
  })
  .meta({ id: "MyPageBookedPerson", description: "The renter or driver as booked." });

const CancellationSchema = z
  .object({
    state: z.enum(["open", "not_offered", "deadline_passed", "handed_over", "cancelled"]).meta({
      description:
        "`open`: the member may cancel online now (`POST /stripes/payments-cancel`); `not_offered`: the site takes cancellations by phone only; `deadline_passed`; `handed_over`: the car is out or back; `cancelled`.",
    }),
    deadline: z.string().meta({ description: "Until when online cancellation is possible, ISO 8601." }),
    deadline_display: z.string().meta({ description: "The same, `YYYY/MM/DD HH:mm` in the store's time zone." }),
    fee: z
      .object({ amount: z.number().int(), percent: z.number(), days_before: z.number().int() })
      .nullable()
      .meta({ description: "The cancellation fee the site's schedule charges now (when `open`)." }),
    refund: z.number().int().meta({ description: "What goes back to the card paid in advance (when `open`)." }),
    paid_by_card: z.boolean(),
    store_tel: z.string(),
  })
  .meta({ id: "MyPageCancellation" });

export const MyPageReservationDetailSchema = MyPageReservationSchema.extend({
  store_tel: z.string(),
  options: z.array(z.object({ name: z.string(), quantity: z.number().int(), fee: z.number().int() })),
  destination: z.string(),
  purpose: z.string(),
  passengers: z.number().int().nullable(),
  remarks: z.string(),
  renter: PersonSchema.nullable(),
  driver: PersonSchema.nullable(),
  cancellation: CancellationSchema,
}).meta({ id: "MyPageReservationDetail" });

const s = z.string();
/** The profile form's values, as app/routes/mypage/user-update.tsx fills it (and `POST /mypage/update` takes them). */
export const ProfileValuesSchema = z
  .object({
    user_type: s.meta({ description: "1 individual, 2 corporate." }),
    company: s,
    company_kana: s,
    name: s,
    kana: s,
    email: s,
    gender: s.meta({ description: "1 male, 2 female, empty: not given." }),
    birth_year: s,
    birth_month: s,
    birth_day: s,
    tel: s,
    zip: s,
    country: s.meta({ description: "ISO 3166-1 alpha-2; needed when `pref_code` is 48 (overseas)." }),
    pref_code: s.meta({ description: "1-47 prefectures, 48 overseas/other." }),
    address_a: s,
    address_b: s,
    newsletter: s.meta({ description: "0 or 1." }),
  })
  .meta({ id: "ProfileValues" });

const label = (locale: Locale, key: string, params?: Record<string, string | number>) =>
  translate(CATALOGUES[locale], key as MessageKey, params);

function reservationOut(row: MemberReservation, locale: Locale, now: Date) {
  const v = reservationView(row, locale, now);
  const r = row.reservation;
  const payLabel = label(locale, `reserves.pay.${v.payMethod}`);
  return {
    id: v.id,
    reserve_no: v.reserveNo,
    status: v.status,
    status_label: label(locale, `reserves.status.${v.status}`),
    store: { id: r.storeId, name: v.storeName },
    return_store: { id: r.returnStoreId ?? r.storeId, name: v.returnStoreName },
    car_class: v.className,
    car_type: { id: r.carTypeId, name: v.carTypeName },
    start_at: r.startAt.toISOString(),
    end_at: r.endAt.toISOString(),
    departure: v.departure,
    return: v.return,
    time_zone: row.store.timeZone,
    rental_fee: v.rentalFee,
    option_fee: v.optionFee,
    immunity_fee: v.immunityFee,
    total_fee: v.totalFee,
    pay_method: v.payMethod,
    pay_method_label:
      v.payMethod === 4 && v.payMethodOther
        ? label(locale, "reserves.payOther", { label: payLabel, text: v.payMethodOther })
        : payLabel,
  };
}

async function reservationDetailOut(
  req: { db: Parameters<typeof customerCancelTerms>[0]; siteId: string; bundle: SiteBundle; locale: Locale; now: Date },
  row: MemberReservation,
) {
  const { db, siteId, bundle, locale, now } = req;
  const v = reservationView(row, locale, now);
  const terms = await customerCancelTerms(db, siteId, row.reservation, bundle.settings, now);
  const shown = cancelTermsView(bundle, row.reservation, terms);
  return {
    ...reservationOut(row, locale, now),
    store_tel: v.storeTel,
    options: v.options,
    destination: v.destination,
    purpose: v.purpose,
    passengers: v.passengers,
    remarks: v.remarks,
    renter: v.renter,
    driver: v.driver,
    cancellation: {
      state: shown.state,
      deadline: terms.deadline.toISOString(),
      deadline_display: shown.deadline,
      fee: shown.fee
        ? { amount: shown.fee.amount, percent: shown.fee.percent, days_before: shown.fee.daysBefore }
        : null,
      refund: shown.refund,
      paid_by_card: shown.paidByCard,
      store_tel: shown.storeTel,
    },
  };
}

/** One of the member's reservations, or 404 (another member's, another site's, none). */
export async function memberReservationOr404(
  db: Parameters<typeof getMemberReservation>[0],
  siteId: string,
  memberId: number,
  id: number,
) {
  const row = await getMemberReservation(db, siteId, memberId, id);
  if (!row) throw notFoundError();
  return row;
}

export const MYPAGE_OPERATIONS = [
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
  operation({
    method: "get",
    path: "/mypage/check-withdrawal",
    tag: "mypage",
    operationId: "mypage/check-withdrawal",
    summary: "Whether the member may withdraw now (not while renting, not while a reservation exists)",
    response: z
      .object({
        can_withdraw: z.boolean(),
        reason: z.enum(["withdrawal_renting", "withdrawal_reserved"]).nullable(),
        message: z.string().nullable().meta({ description: "Why not, in the request's language." }),
      })
      .meta({ id: "WithdrawalCheck" }),
    browser: "member",
    key: false,
    async handler({ db, siteId, locale, now, member }) {
      const me = await member();
      const check = await checkWithdrawal(db, siteId, me.id, now);
      if (check === "ok") return { can_withdraw: true, reason: null, message: null };
      const code = WITHDRAWAL_REFUSAL[check];
      return { can_withdraw: false, reason: code, message: reasonText(locale, { code }) };
    },
  }),
  operation({
    method: "get",
    path: "/mypage/edit",
    tag: "mypage",
    operationId: "mypage/edit",
    summary: "The profile form's current values",
    response: z.object({ user_id: z.number().int(), values: ProfileValuesSchema }),
    browser: "member",
    key: false,
    async handler({ db, siteId, member }) {
      const me = await member();
      const profile = await getProfile(db, siteId, me.id);
      return { user_id: me.id, values: profileFormValues({ ...profile, prefCode: profile.prefCode ?? 0 }) };
    },
  }),
  operation({
    method: "post",
    path: "/mypage/withdrawal",
    tag: "mypage",
    operationId: "mypage/withdrawal",
    summary: "Close the member's account; the session ends",
    description:
      "No payload. Refused (422, `withdrawal_renting` or `withdrawal_reserved`) while a rental is in progress or a reservation exists. Personal data, saved cards, unused drivers and licence images are erased; reservations keep the renter and driver as booked.",
    response: z.object({ withdrawn: z.literal(true) }),
    browser: "member",
    key: false,
    problems: [422],
    async handler({ db, siteId, services, session, member }) {
      const me = await member();
      await withdraw(db, siteId, me.id, {
        payments: services.payments,
        blobs: services.blobs,
        logger: services.logger,
      });
      await session!.logout();
      return { withdrawn: true as const };
    },
  }),
  operation({
    method: "post",
    path: "/mypage/update",
    tag: "mypage",
    operationId: "mypage/update",
    summary: "Save the profile (the registration's rules); a new e-mail needs `current_password`",
    body: ProfileUpdateSchema,
    response: z.object({ values: ProfileValuesSchema, email_changed: z.boolean() }),
    browser: "member",
    key: false,
    problems: [422],
    async handler({ db, siteId, body, member }) {
      const me = await member();
      const { emailChanged } = await updateProfile(db, siteId, me.id, body);
      const profile = await getProfile(db, siteId, me.id);
      return {
        values: profileFormValues({ ...profile, prefCode: profile.prefCode ?? 0 }),
        email_changed: emailChanged,
      };
    },
  }),
  operation({
    method: "post",
    path: "/mypage/password-update",
    tag: "mypage",
    operationId: "mypage/password-update",
    summary: "Change the password: the session continues on a new id, the member's other sessions end",
    body: PasswordChangeSchema,
    response: z.object({ password_changed: z.literal(true) }),
    browser: "member",
    key: false,
    problems: [422],
    async handler({ db, siteId, body, session, member }) {
      const me = await member();
      await changePassword(db, siteId, me.id, body);
      await session!.rotate();
      return { password_changed: true as const };
    },
  }),
];
