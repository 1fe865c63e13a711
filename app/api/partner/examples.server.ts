/**
 * The document's examples (issue 42): one booking told from quote to cancellation. The linters check
 * each against its schema, so they stay true to the shapes.
 */

export const STORE = {
  id: 1,
  name: "Naha Airport",
  name_ja: "那覇空港店",
  address: "1-1 Kagamizu, Naha, Okinawa 901-0142",
  tel: "098-000-0000",
  time_zone: "Asia/Tokyo",
  open_24h: false,
  opens_at: "08:00",
  closes_at: "20:00",
  latest_bookable_date: null,
};

export const CAR_TYPE = {
  id: 3,
  name: "Compact",
  name_ja: "コンパクト",
  class_id: 1,
  class_name: "Class S",
  models: "Toyota Aqua or similar",
  capacity: 5,
  transmission: "automatic",
  smoking: false,
  four_wheel_drive: false,
  navigation: true,
  etc: true,
  store_ids: [1, 2],
};

export const PERIOD = {
  pickup_at: "2026-12-24T01:00:00.000Z",
  return_at: "2026-12-26T08:00:00.000Z",
  pickup_date: "2026-12-24",
  pickup_time: "10:00",
  return_date: "2026-12-26",
  return_time: "17:00",
};

export const PRICE = { rental: 16500, options: 1100, damage_waiver: 3300, total: 20900, currency: "JPY" };

export const QUOTE_REQUEST = {
  store_id: 1,
  car_type_id: 3,
  pickup_date: "2026-12-24",
  pickup_time: "10:00",
  return_date: "2026-12-26",
  return_time: "17:00",
  options: [{ option_id: 5, quantity: 1 }],
  damage_waiver: true,
};

export const QUOTE = {
  store_id: 1,
  car_type: CAR_TYPE,
  period: PERIOD,
  bookable: true,
  available: 4,
  not_bookable_reason: null,
  options: [
    { option_id: 5, name: "Child seat", quantity: 1, max_quantity: 2, price: 1100 },
    { option_id: 6, name: "Snow tyres", quantity: 0, max_quantity: 1, price: 0 },
  ],
  damage_waiver: { offered: true, chosen: true, price_per_day: 1100 },
  rental_days: 3,
  price: PRICE,
};

export const CUSTOMER = {
  name: "Jane Traveller",
  name_kana: "ジェーン トラベラー",
  email: "jane@example.org",
  tel: "+1 415 555 0100",
  country: "US",
  zip: "94103",
  address: "500 Howard St, San Francisco, CA",
};

export const RESERVATION_REQUEST = {
  ...QUOTE_REQUEST,
  customer: CUSTOMER,
  payment_method: "pay_at_store_card",
  expected_total: 20900,
};

export const RESERVATION = {
  reservation_number: "261128-K7QM",
  status: "confirmed",
  stage: "booked",
  channel: "api",
  revision: 0,
  store_id: 1,
  car_type_id: 3,
  car_type_name: "Compact",
  period: PERIOD,
  options: [{ option_id: 5, name: "Child seat", quantity: 1, price: 1100 }],
  damage_waiver: true,
  price: PRICE,
  payment: { method: "pay_at_store_card", status: "none" },
  customer: { name: "Jane Traveller", email: "jane@example.org", tel: "+14155550100" },
  cancellation: null,
  created_at: "2026-11-28T03:12:45.000Z",
};

export const CHANGED = {
  ...RESERVATION,
  revision: 1,
  period: { ...PERIOD, return_at: "2026-12-27T08:00:00.000Z", return_date: "2026-12-27" },
  price: { ...PRICE, rental: 22000, damage_waiver: 4400, options: 1100, total: 27500 },
};

export const CANCELLED = {
  ...RESERVATION,
  status: "cancelled",
  stage: "cancelled",
  cancellation: { fee: 4180, cancelled_at: "2026-12-20T05:00:00.000Z" },
};
