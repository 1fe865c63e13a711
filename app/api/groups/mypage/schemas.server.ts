import { z } from "zod";

export const STATUSES = ["upcoming", "in_progress", "returned", "cancelled"] as const;

export const Named = z.object({ id: z.number().int(), name: z.string() });

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

export const PersonSchema = z
  .object({
    company: z.string(),
    name: z.string(),
    kana: z.string(),
    tel: z.string(),
    email: z.string(),
    address: z.string().meta({ description: "One line, in the request's language's order; empty when none." }),
  })
  .meta({ id: "MyPageBookedPerson", description: "The renter or driver as booked." });

export const CancellationSchema = z
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

export const s = z.string();
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
