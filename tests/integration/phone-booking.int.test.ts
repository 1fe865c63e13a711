import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composeBookingMails } from "#app/presenters/booking-mail.server";
import { addDays, localDate, localTime, zonedInstant } from "#common/calendar-date";
import { type ChangeDeps, changeBooking } from "#server/counter/change";
import { ChangeSchema, PhoneBookingSchema } from "#server/counter/counter.schema";
import { bookAtCounter, type CounterBookingDeps, quoteAtCounter } from "#server/counter/phone-booking";
import { getReservationDetail } from "#server/counter/reservations";
import { mailOutbox, reservations, staff } from "#server/db/schema";
import type { CreatedSite } from "#server/db/seed/factories";
import { createMailer } from "#server/mail/mailer";
import { PaymentSimulator } from "#server/payments";
import { quoteReservation } from "#server/reservations/quote";
import { loadSiteBundle, type SiteBundle } from "#server/sites/site-bundle";
import type { Actor } from "#server/staff/permissions";
import { refusal } from "#tests/fixtures/refusal";
import { makeSite } from "#tests/fixtures/sites";
import { actorAs, parsed } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";

/**
 * Issue 37, item 6: a booking taken by phone or at the counter chooses options at the public site's
 * prices (refusing what the store does not offer or lends fewer of), records how and by whom it was
 * taken, and tells the store so; a change at the counter prices the options it adds. The code under
 * test reaches the database as the app role (`forSite`); only fixtures are written as the owner.
 */

let handle: TestDb;
const TZ = "Asia/Tokyo";
const ORIGIN = "http://localhost:3000";

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

interface PhoneSite extends CreatedSite {
  store: number;
  carType: number;
  seat: number;
  etc: number;
  taker: Actor;
  bundle: SiteBundle;
}

/**
 * One store that mails its notifications (and a second one), a car type with an hours plan and a
 * 1,100-a-day waiver, a child seat of 550 a day (two at most) offered everywhere and an ETC card
 * only at the second store; a member of staff with a name, who takes the bookings.
 */
async function phoneSite(): Promise<PhoneSite> {
  const site = await makeSite(handle.owner, {
    stores: [
      { storeName: "那覇空港店", tel: "098-000-0000", email: "naha@example.com" },
      { storeName: "石垣店", tel: "0980-00-0000", email: "ishigaki@example.com" },
    ],
    catalogue: {
      classes: [{ key: "c", className: "コンパクト" }],
      carTypes: [{ key: "t", classKey: "c", typeName: "アクア", capacity: 5 }],
      vehicles: [{ store: 0, typeKey: "t", count: 2 }],
      feePlans: [
        {
          store: 0,
          classKey: "c",
          mode: 1,
          effectiveFrom: "2020-01-01",
          upTo3h: 3000,
          upTo6h: 4000,
          upTo12h: 5500,
          upTo24h: 7000,
          extraHour: 1000,
          extraDay: 6000,
        },
      ],
      immunityFees: [{ classKey: "c", pricePerDay: 1100 }],
      options: [
        { optionName: "チャイルドシート", price: 550, priceUnit: 2, maxQuantity: 2, displayOrder: 1 },
        { optionName: "ETCカード", price: 330, priceUnit: 1, maxQuantity: 1, displayOrder: 2, stores: [1] },
      ],
    },
  });
  const [taker] = await handle.owner
    .insert(staff)
    .values({
      siteId: site.siteId,
      email: `taker-${site.siteId}@example.com`,
      name: "電話 受付子",
      role: "store_staff",
    })
    .returning({ id: staff.id });
  if (!taker) throw new Error("no staff row");
  await handle.owner.execute(
    sql`insert into staff_stores (site_id, staff_id, store_id) values (${site.siteId}, ${taker.id}, ${site.storeIds[0]})`,
  );
  const bundle = await loadSiteBundle(handle.forSite(site.siteId), site.siteId);
  if (!bundle) throw new Error("no bundle");
  const option = (name: string) => bundle.catalogue.options.find((o) => o.optionName === name)?.id as number;
  return {
    ...site,
    store: site.storeIds[0] as number,
    carType: site.catalogue?.typeIds.t as number,
    seat: option("チャイルドシート"),
    etc: option("ETCカード"),
    taker: actorAs("store_staff", [site.storeIds[0] as number], taker.id),
    bundle,
  };
}

/** 10:00 some days ahead to 12:00 two days later: 50 hours, three started days. */
const period = (daysAhead = 5) => {
  const start = addDays(localDate(new Date(), TZ), daysAhead);
  return { start_date: start, start_time: "10:00", end_date: addDays(start, 2), end_time: "12:00" };
};

function phoneForm(site: PhoneSite, fields: Record<string, string> = {}) {
  return parsed(PhoneBookingSchema, {
    store_id: String(site.store),
    car_type_id: String(site.carType),
    ...period(),
    with_immunity: "1",
    name: "山田 太郎",
    tel: "090-1234-5678",
    locale: "ja",
    pay_method: "2",
    idempotency_key: `phone-${Math.random().toString(36).slice(2)}-key`,
    ...fields,
  });
}

function deps(site: PhoneSite): CounterBookingDeps {
  return {
    mailer: createMailer({ MAIL_TRANSPORT: "outbox" }),
    payments: new PaymentSimulator(),
    mails: async (_siteId, taker) => composeBookingMails(site.bundle, ORIGIN, { takenBy: taker.name }),
  };
}

describe("a phone booking with options", () => {
  it("is priced as the public site prices the same choices, and booked at that price", async () => {
    const site = await phoneSite();
    const db = handle.forSite(site.siteId);
    const input = { ...phoneForm(site), options: [{ optionId: site.seat, quantity: 2 }] };
    const quote = await quoteAtCounter(db, site.siteId, site.taker, input, site.bundle, new Date());
    const when = period();
    const web = await quoteReservation(db, site.siteId, {
      bundle: site.bundle,
      storeId: site.store,
      carTypeId: site.carType,
      search: { si: String(site.store), sd: when.start_date, st: "10:00", ed: when.end_date, et: "12:00" },
      options: [{ optionId: site.seat, quantity: 2 }],
      withImmunity: true,
      now: new Date(),
    });
    // 50 hours: 7,000 + 1 extra day 6,000 + 2 extra hours 2,000; three days of two seats and the waiver.
    expect(web?.fees).toEqual({ rentCarFee: 15_000, optionFee: 550 * 2 * 3, immunityFee: 1100 * 3, total: 21_600 });
    expect(quote.fees).toEqual(web?.fees);

    const answer = await bookAtCounter(
      db,
      site.siteId,
      site.taker,
      { ...input, shown_total: 21_600 },
      site.bundle,
      deps(site),
      new Date(),
    );
    expect(answer.outcome).toBe("completed");
    const [row] = await db.select().from(reservations).where(eq(reservations.siteId, site.siteId));
    expect(row).toMatchObject({ optionFee: 3300, totalFee: 21_600 });
    expect(row?.options).toEqual([
      {
        optionId: site.seat,
        name: { ja: "チャイルドシート", en: "", ko: "", "zh-TW": "" },
        quantity: 2,
        fee: 3300,
      },
    ]);
  });

  it("refuses an option the store does not offer, or more than it lends, on the option's field", async () => {
    const site = await phoneSite();
    const db = handle.forSite(site.siteId);
    const ask = (options: { optionId: number; quantity: number }[]) =>
      refusal(quoteAtCounter(db, site.siteId, site.taker, { ...phoneForm(site), options }, site.bundle, new Date()));
    // The ETC card is the other store's; 999999 is no option at all; the seat goes up to two.
    const unknown = await ask([
      { optionId: site.etc, quantity: 1 },
      { optionId: 999_999, quantity: 1 },
    ]);
    expect(unknown.details.fieldErrors).toEqual({
      [`option_${site.etc}`]: { code: "option_unknown" },
      option_999999: { code: "option_unknown" },
    });
    const tooMany = await ask([{ optionId: site.seat, quantity: 3 }]);
    expect(tooMany.details.fieldErrors).toEqual({
      [`option_${site.seat}`]: { code: "option_over_max", params: { max: 2 } },
    });
    const unreadable = await ask([{ optionId: site.seat, quantity: Number.NaN }]);
    expect(unreadable.details.fieldErrors).toEqual({ [`option_${site.seat}`]: { code: "number_invalid" } });
    // Nothing is booked by a refused form.
    const refused = await refusal(
      bookAtCounter(
        db,
        site.siteId,
        site.taker,
        { ...phoneForm(site, { shown_total: "15000" }), options: [{ optionId: site.seat, quantity: 3 }] },
        site.bundle,
        deps(site),
        new Date(),
      ),
    );
    expect(refused.details.fieldErrors).toHaveProperty(`option_${site.seat}`);
    expect(await db.select().from(reservations).where(eq(reservations.siteId, site.siteId))).toEqual([]);
  });
});

describe("how a counter booking was taken", () => {
  it("records the channel, the contact (phone by default) and the staff member; the store's mail and the booking's page say so", async () => {
    const site = await phoneSite();
    const db = handle.forSite(site.siteId);
    const book = async (fields: Record<string, string>) => {
      const input = { ...phoneForm(site, fields), options: [] };
      const quote = await quoteAtCounter(db, site.siteId, site.taker, input, site.bundle, new Date());
      const answer = await bookAtCounter(
        db,
        site.siteId,
        site.taker,
        { ...input, shown_total: quote.fees?.total ?? null },
        site.bundle,
        deps(site),
        new Date(),
      );
      if (answer.outcome !== "completed") throw new Error(JSON.stringify(answer));
      return answer.reserveNo;
    };
    const byPhone = await book({});
    const atDesk = await book({ counter_contact: "in_person", ...period(8) });
    const rows = await db
      .select({
        reserveNo: reservations.reserveNo,
        channel: reservations.channel,
        counterContact: reservations.counterContact,
        takenByStaffId: reservations.takenByStaffId,
      })
      .from(reservations)
      .where(eq(reservations.siteId, site.siteId))
      .orderBy(reservations.id);
    expect(rows).toEqual([
      { reserveNo: byPhone, channel: "counter", counterContact: "phone", takenByStaffId: site.taker.staffId },
      { reserveNo: atDesk, channel: "counter", counterContact: "in_person", takenByStaffId: site.taker.staffId },
    ]);

    const storeMail = async (reserveNo: string) => {
      const [row] = await db
        .select({ subject: mailOutbox.subject, text: mailOutbox.bodyText })
        .from(mailOutbox)
        .innerJoin(reservations, eq(reservations.id, mailOutbox.reservationId))
        .where(
          and(
            eq(mailOutbox.siteId, site.siteId),
            eq(reservations.reserveNo, reserveNo),
            eq(mailOutbox.kind, "store_notification"),
          ),
        );
      return row;
    };
    const phoneMail = await storeMail(byPhone);
    expect(phoneMail?.subject).toContain("電話予約を受け付けました");
    expect(phoneMail?.subject).not.toContain("Web予約");
    expect(phoneMail?.text).toContain("お電話で新しいご予約を受け付けました");
    expect(phoneMail?.text).toContain("受付担当：電話 受付子");
    const deskMail = await storeMail(atDesk);
    expect(deskMail?.subject).toContain("店頭予約を受け付けました");
    expect(deskMail?.text).toContain("受付担当：電話 受付子");

    const detail = await getReservationDetail(db, site.siteId, site.taker, byPhone);
    expect(detail.reservation).toMatchObject({ channel: "counter", counterContact: "phone" });
    expect(detail.takenBy).toEqual({ id: site.taker.staffId, name: "電話 受付子" });
  });
});

describe("a change at the counter", () => {
  it("prices a child seat it adds as the public quote does", async () => {
    const site = await phoneSite();
    const db = handle.forSite(site.siteId);
    const start = zonedInstant(addDays(localDate(new Date(), TZ), 6), "10:00", TZ);
    const end = new Date(start.getTime() + 50 * 3_600_000);
    const [r] = await handle.owner
      .insert(reservations)
      .values({
        siteId: site.siteId,
        reserveNo: `CH-${site.siteId}`,
        storeId: site.store,
        carTypeId: site.carType,
        startAt: start,
        endAt: end,
        status: "confirmed",
        rentalFee: 15_000,
        totalFee: 15_000,
        payMethod: 2,
        locale: "ja",
        borrower: { name: "山田 太郎", tel: "+819012345678" },
      })
      .returning();
    if (!r) throw new Error("no reservation");
    const change = (total: number | null) => ({
      ...parsed(ChangeSchema, {
        store_id: String(site.store),
        car_type_id: String(site.carType),
        start_date: localDate(start, TZ),
        start_time: localTime(start, TZ),
        end_date: localDate(end, TZ),
        end_time: localTime(end, TZ),
        revision: String(r.revision),
        shown_total: total === null ? "" : String(total),
      }),
      options: [{ optionId: site.seat, quantity: 1 }],
    });
    const changeDeps: ChangeDeps = {
      payments: new PaymentSimulator(),
      mailer: createMailer({ MAIL_TRANSPORT: "outbox" }),
      mails: () => ({ borrower: null, store: null }),
    };
    const outcome = await changeBooking(
      db,
      site.siteId,
      site.taker,
      r.reserveNo,
      change(15_000 + 1650),
      site.bundle,
      changeDeps,
    );
    expect(outcome).toMatchObject({ total: 16_650, difference: 1650 });
    const [row] = await db.select().from(reservations).where(eq(reservations.id, r.id));
    expect(row).toMatchObject({ optionFee: 1650, totalFee: 16_650 });
    expect(row?.options).toMatchObject([{ optionId: site.seat, quantity: 1, fee: 1650 }]);
  });
});
