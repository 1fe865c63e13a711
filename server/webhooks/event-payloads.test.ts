import { describe, expect, it } from "vitest";
import type { reservations } from "#server/db/schema";
import {
  EVENT_DATA_SCHEMAS,
  previousBooking,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EXAMPLES,
  webhookBodySchema,
  webhookReservation,
} from "./event-payloads";

type Reservation = typeof reservations.$inferSelect;

/** A booking row as the database returns it (only what the payload reads matters). */
const row = (extra: Partial<Reservation> = {}) =>
  ({
    id: 7,
    siteId: "sakura",
    reserveNo: "261201-7KQ2",
    status: "confirmed",
    storeId: 1,
    carTypeId: 12,
    startAt: new Date("2026-12-01T01:00:00Z"),
    endAt: new Date("2026-12-03T09:00:00Z"),
    totalFee: 24_200,
    cancellationFee: 0,
    payMethod: 2,
    paymentStatus: null,
    channel: "api",
    revision: 3,
    borrower: { name: "山田 太郎", kana: "ヤマダ タロウ", email: "taro@example.com", tel: "09012345678" },
    linkSecret: "00000000-0000-0000-0000-000000000000",
    ...extra,
  }) as Reservation;

/** Every key of a JSON value, at every depth. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}

const built = (type: (typeof WEBHOOK_EVENT_TYPES)[number], r: Reservation) => {
  const reservation = webhookReservation(r);
  if (type === "reservation.changed") return { reservation, previous: previousBooking(row({ totalFee: 20_000 })) };
  if (type.startsWith("payment.")) return { reservation, payment: { amount: 4_000, currency: "JPY" } };
  return { reservation };
};

describe("webhook payloads", () => {
  it("every event's built payload validates against its schema, for every channel and payment method", () => {
    for (const type of WEBHOOK_EVENT_TYPES) {
      for (const channel of ["web", "counter", "api"] as const) {
        for (const payMethod of [1, 2, 3, 4]) {
          const data = built(type, row({ channel, payMethod, paymentStatus: payMethod === 1 ? "paid" : null }));
          const parsed = EVENT_DATA_SCHEMAS[type].safeParse(data);
          expect(parsed.success, `${type} ${channel} ${payMethod}: ${parsed.error?.message}`).toBe(true);
        }
      }
    }
  });

  it("uses the API's snake_case names and values, and carries the booking's channel and revision", () => {
    const data = built("reservation.changed", row());
    expect(keysOf(data).filter((k) => !/^[a-z][a-z0-9_]*$/.test(k))).toEqual([]);
    expect(data.reservation).toEqual({
      reserve_no: "261201-7KQ2",
      status: "confirmed",
      store_id: 1,
      car_type_id: 12,
      start_at: "2026-12-01T01:00:00.000Z",
      end_at: "2026-12-03T09:00:00.000Z",
      total_fee: 24_200,
      currency: "JPY",
      cancellation_fee: 0,
      pay_method: 2,
      payment_status: null,
      channel: "api",
      revision: 3,
      borrower: { name: "山田 太郎", email: "taro@example.com", tel: "09012345678" },
    });
    expect(data.previous).toMatchObject({ total_fee: 20_000, start_at: "2026-12-01T01:00:00.000Z" });
    // Nothing private: no link secret, no kana (not asked for), no internal id.
    expect(JSON.stringify(data)).not.toMatch(/00000000-0000|ヤマダ|"id"/);
  });

  it("refuses the old shape and words (camelCase, payment method names)", () => {
    const old = { reservation: { ...webhookReservation(row()), pay_method: "cash" } };
    expect(EVENT_DATA_SCHEMAS["reservation.created"].safeParse(old).success).toBe(false);
    const camel = { reservation: webhookReservation(row()), reserveNo: "x" };
    expect(EVENT_DATA_SCHEMAS["reservation.created"].safeParse(camel).success).toBe(false);
  });

  it("has one example per event, each valid against its body's schema", () => {
    expect(Object.keys(WEBHOOK_EXAMPLES).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const type of WEBHOOK_EVENT_TYPES) {
      const parsed = webhookBodySchema(type).safeParse(WEBHOOK_EXAMPLES[type]);
      expect(parsed.success, `${type}: ${parsed.error?.message}`).toBe(true);
      expect(keysOf(WEBHOOK_EXAMPLES[type]).filter((k) => !/^[a-z][a-z0-9_]*$/.test(k))).toEqual([]);
    }
  });
});
