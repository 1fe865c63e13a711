// The e2e server's data (playwright.config.ts runs this before the server): the demo sites, then a
// blank site per back-office spec, made the way the provider makes one (provisionSite, as
// `npm run site:create` does), whose owner's password is set here so a spec can sign in at once.
// Specs that change a site's data use their own blank site, so the public specs' demo sites stay as
// seeded whatever runs beside them.
import { and, eq } from "drizzle-orm";
import { siteTitleIn, staffLinkFor, staffLinkMail } from "#app/presenters/staff-mail.server";
import { hashPassword } from "#server/auth/passwords";
import { loadConfig } from "#server/config";
import { createDb } from "#server/db/client";
import { customPages, reservations, siteNews, siteSettings, staff, stores, vehicles } from "#server/db/schema";
import { createCatalogue } from "#server/db/seed/catalogue-factory";
import { seedDemoIfEmpty } from "#server/db/seed/demo";
import { DEMO_PASSWORD } from "#server/db/seed/demo-members";
import { createMember } from "#server/db/seed/members-factory";
import { recordCounterPayment } from "#server/ledger/ledger";
import { createMailer } from "#server/mail/mailer";
import { PLAN } from "#server/sites/plan";
import { provisionSite } from "#server/sites/provision";
import { NIGHTS } from "#tests/fixtures/fee-plans";
import {
  E2E_CONTENT,
  E2E_DISPATCH,
  E2E_REPORTS,
  E2E_RETURNS,
  E2E_SITES,
  E2E_SUSPENDED,
  e2eOwner,
  RECEIPTS_BOOKING,
  RECEIPTS_MEMBER,
} from "./admin-sites";
import { jstDate } from "./dates";
import { writeSeedDay } from "./seed-day";
import { seedPaperworkSite, seedSearchSite, seedTodaySite, seedTranslationsSite } from "./setup-counter-sites";

const config = loadConfig();
const handle = await createDb(config);
await handle.migrate();
// Everything here is fixture loading, which runs as the owner (as the seed does); the server under test uses the app role.
const owner = handle.db;
const seededAt = new Date();
await seedDemoIfEmpty(owner, seededAt);
writeSeedDay(config.DATA_DIR, jstDate(seededAt));
const passwordHash = await hashPassword(DEMO_PASSWORD);
for (const [i, siteId] of E2E_SITES.entries()) {
  await provisionSite(
    owner,
    { clientId: 9000 + i, siteId, plan: PLAN.premium, ownerEmail: e2eOwner(siteId), ownerLocale: "ja" },
    {
      mailer: createMailer({ MAIL_TRANSPORT: "outbox" }),
      mail: staffLinkMail(siteTitleIn(siteId, { siteTitle: siteId, siteTitleEn: null }), "invite"),
      linkFor: staffLinkFor(`http://127.0.0.1:${config.PORT}`, siteId, "invite"),
    },
  );
  await owner
    .update(staff)
    .set({ passwordHash })
    .where(and(eq(staff.siteId, siteId), eq(staff.email, e2eOwner(siteId))));
}
// admin-settings.spec.ts: one store, so e2e-settings' public top page and search have something to show.
await owner
  .insert(stores)
  .values({ siteId: "e2e-settings", storeName: "本店", storeNameEn: "Main store", tel: "03-0000-0000" });
// admin-content.spec.ts: its site is published with a store (the public top, footer and My Page's
// driver form are checked), a member to open that form, and a manager, who may edit content but not
// the payment methods.
await owner.update(siteSettings).set({ publicStatus: 1 }).where(eq(siteSettings.siteId, E2E_CONTENT.siteId));
await owner.insert(stores).values({ siteId: E2E_CONTENT.siteId, storeName: "本店", tel: "098-000-0000" });
await createMember(owner, E2E_CONTENT.siteId, {
  name: "運転 太郎",
  kana: "ウンテン タロウ",
  email: E2E_CONTENT.member,
  passwordHash,
});
await owner.insert(staff).values({
  siteId: E2E_CONTENT.siteId,
  email: E2E_CONTENT.manager,
  name: "E2E マネージャー",
  role: "manager",
  passwordHash,
});
await seedCatalogSite(owner);
await seedReturnsSite(owner);
await seedDispatchSite(owner);
// The prices spec (admin-prices.spec.ts) prices what its own site sells: two stores and a car class.
const pricesStores = await owner
  .insert(stores)
  .values([
    { siteId: "e2e-prices", storeName: "本店", storeNameEn: "Main store", businessStartTime: "09:00", displayOrder: 1 },
    { siteId: "e2e-prices", storeName: "空港店", storeNameEn: "Airport store", displayOrder: 2 },
  ])
  .returning({ id: stores.id });
await createCatalogue(
  owner,
  "e2e-prices",
  pricesStores.map((s) => s.id),
  { classes: [{ key: "compact", className: "コンパクト", classNameEn: "Compact" }], carTypes: [], vehicles: [] },
);
await seedReceiptsBooking(owner);
await seedSuspendedSite(owner);
await seedReportsSite(owner);
await seedSearchSite(owner, seededAt);
await seedPaperworkSite(owner, seededAt, passwordHash);
await seedTranslationsSite(owner);
await seedTodaySite(owner, seededAt);
await handle.close();

/**
 * e2e-suspended (booking-pages.spec.ts): published in four languages with online bookings paused,
 * one store with a phone, and a news item from before the pause that still says booking is open.
 */
async function seedSuspendedSite(db: typeof owner) {
  const { siteId, tel } = E2E_SUSPENDED;
  await db
    .update(siteSettings)
    .set({ publicStatus: 1, supportedLanguages: "jp,en,kr,tw", webReserveAccepting: false })
    .where(eq(siteSettings.siteId, siteId));
  await db.insert(stores).values({ siteId, storeName: "駅前店", storeNameEn: "Station store", tel, displayOrder: 1 });
  await db.insert(siteNews).values({
    siteId,
    publishedOn: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10),
    title: "Web予約を開始しました",
    titleEn: "Online booking is open",
    body: "24時間いつでもご予約いただけます。",
    bodyEn: "Book online at any time, 24 hours a day.",
  });
  // A client-written table wider than a phone (the price-list check of the same spec).
  const row = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const table = [
    row(["クラス", "6時間まで", "12時間まで", "24時間まで", "延長1日ごと", "延長1時間ごと"]),
    row(Array(6).fill("---")),
    row(["コンパクト（ヤリス・フィット等）", "5,500円", "6,600円", "7,700円", "6,600円", "1,100円"]),
  ].join("\n");
  await db.insert(customPages).values({
    siteId,
    pageUrl: "guide",
    pageTitle: "ご利用案内",
    pageTitleEn: "Guide",
    pageContents: `## 料金の目安\n\n${table}`,
    pageContentsEn: `## Sample rates\n\n${table}`,
    displayOrder: 1,
  });
}

/**
 * e2e-catalog (tests/e2e/admin-catalog.spec.ts): published, with a store, a class priced there, and a
 * car type whose one car a booking in a few days needs, so taking it out of service is refused.
 */
async function seedCatalogSite(db: typeof owner) {
  const siteId = "e2e-catalog";
  await db.update(siteSettings).set({ publicStatus: 1 }).where(eq(siteSettings.siteId, siteId));
  const [store] = await db
    .insert(stores)
    .values({ siteId, storeName: "本店", storeNameEn: "Main store", tel: "098-000-0000", displayOrder: 1 })
    .returning({ id: stores.id });
  const day = 86_400_000;
  await createCatalogue(db, siteId, [store?.id as number], {
    classes: [{ key: "c", className: "コンパクト", classNameEn: "Compact", displayOrder: 1 }],
    carTypes: [{ key: "booked", classKey: "c", typeName: "予約済みの車", typeNameEn: "Booked car", capacity: 5 }],
    vehicles: [{ store: 0, typeKey: "booked", count: 1 }],
    feePlans: [{ store: 0, classKey: "c", ...NIGHTS }],
    immunityFees: [{ classKey: "c", pricePerDay: 1100 }],
    reservations: [
      {
        store: 0,
        typeKey: "booked",
        reserveNo: "E2E-CAT-1",
        startAt: new Date(Date.now() + 3 * day),
        endAt: new Date(Date.now() + 5 * day),
      },
    ],
  });
}
// receipts.spec.ts: a sakura member with a booking paid in cash at the counter, one entry in its
// ledger, so staff and the member can each download its receipt.
async function seedReceiptsBooking(db: typeof owner) {
  const [car] = await db
    .select({ storeId: vehicles.storeId, carTypeId: vehicles.carTypeId })
    .from(vehicles)
    .where(eq(vehicles.siteId, "sakura"))
    .orderBy(vehicles.id)
    .limit(1);
  if (!car) throw new Error("sakura has no cars");
  const memberId = await createMember(db, "sakura", {
    name: "領収 花子",
    kana: "リョウシュウ ハナコ",
    email: RECEIPTS_MEMBER,
    passwordHash,
  });
  const start = new Date(Date.now() + 300 * 86_400_000);
  const [booking] = await db
    .insert(reservations)
    .values({
      siteId: "sakura",
      reserveNo: RECEIPTS_BOOKING,
      storeId: car.storeId,
      carTypeId: car.carTypeId,
      startAt: start,
      endAt: new Date(start.getTime() + 86_400_000),
      status: "confirmed",
      rentalFee: 9_900,
      immunityFee: 1_650,
      totalFee: 11_550,
      payMethod: 2,
      memberId,
      borrower: { name: "領収 花子", email: RECEIPTS_MEMBER },
    })
    .returning();
  if (!booking) throw new Error("no booking");
  await recordCounterPayment(db, "sakura", {
    reservationId: booking.id,
    storeId: booking.storeId,
    kind: "charge",
    operation: "counter",
    method: "cash",
    amount: 11_550,
    key: `e2e-receipt-${booking.id}`,
  });
}

/**
 * e2e-returns (tests/e2e/admin-returns.spec.ts): an hours plan (24 h 7,000, extra hour 1,000), a
 * car type with a 40-litre tank, and a booking that departed 30 hours ago for 24 hours, out at F and
 * 25,000 km, paid by card in advance. The booking was paid before this server started, so the
 * simulator (which keeps its payments in memory) no longer knows the card: charging it again fails,
 * as it would after a restart of the offline gateway, and the counter takes the charges instead.
 */
async function seedReturnsSite(db: typeof owner) {
  const siteId = E2E_RETURNS.siteId;
  const [store] = await db
    .insert(stores)
    .values({ siteId, storeName: "本店", storeNameEn: "Main store", tel: "098-000-0000", displayOrder: 1 })
    .returning({ id: stores.id });
  const storeId = store?.id as number;
  const catalogue = await createCatalogue(db, siteId, [storeId], {
    classes: [{ key: "c", className: "コンパクト", classNameEn: "Compact", displayOrder: 1 }],
    carTypes: [{ key: "aqua", classKey: "c", typeName: "アクア", typeNameEn: "Aqua", capacity: 5, tankLitres: 40 }],
    vehicles: [{ store: 0, typeKey: "aqua", count: 1 }],
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
  });
  const carTypeId = catalogue.typeIds.aqua as number;
  const [car] = await db
    .update(vehicles)
    .set({ mileageKm: 25_000 })
    .where(and(eq(vehicles.siteId, siteId), eq(vehicles.carTypeId, carTypeId)))
    .returning({ id: vehicles.id });
  const hour = 3_600_000;
  const startAt = new Date(Math.floor(Date.now() / hour) * hour - 30 * hour);
  const ok = "ok" as const;
  const [booked] = await db
    .insert(reservations)
    .values({
      siteId,
      reserveNo: E2E_RETURNS.reserveNo,
      storeId,
      carTypeId,
      vehicleId: car?.id as number,
      startAt,
      endAt: new Date(startAt.getTime() + 24 * hour),
      status: "confirmed",
      rentalFee: 7000,
      totalFee: 7000,
      locale: "ja",
      borrower: {
        name: "返却 花子",
        kana: "ヘンキャク ハナコ",
        email: "hanako@e2e-returns.example",
        tel: "09012345678",
      },
      payMethod: 1,
      paymentStatus: "paid",
      paymentId: "sim_pi_paid-before-this-server-started",
      departedAt: startAt,
      departureMileage: 25_000,
      departureFuel: 8,
      departureCheck: { tires: ok, lights: ok, brakes: ok, wipers: ok, engine: ok, fluids: ok, mats: ok, others: ok },
      departureNotes: "",
    })
    .returning();
  // Its first payment in the ledger, as the card step writes it.
  if (booked)
    await recordCounterPayment(db, siteId, {
      reservationId: booked.id,
      storeId,
      kind: "charge",
      operation: "booking",
      method: "card",
      amount: 7000,
      key: `booking-${siteId}-${booked.id}`,
      paymentId: "sim_pi_paid-before-this-server-started",
    });
}

/** admin-dispatch.spec.ts: a store with three Aquas and four bookings in the coming week (E2E_DISPATCH). */
async function seedDispatchSite(db: typeof owner) {
  const { siteId, plates } = E2E_DISPATCH;
  const [store] = await db
    .insert(stores)
    .values({ siteId, storeName: "那覇空港店", storeNameEn: "Naha Airport", tel: "098-000-0101", displayOrder: 1 })
    .returning({ id: stores.id });
  const storeId = store?.id as number;
  const catalogue = await createCatalogue(db, siteId, [storeId], {
    classes: [{ key: "c", className: "コンパクト", classNameEn: "Compact", displayOrder: 1 }],
    carTypes: [{ key: "aqua", classKey: "c", typeName: "アクア", typeNameEn: "Aqua", capacity: 5 }],
    vehicles: [{ store: 0, typeKey: "aqua", count: 3, plates: [...plates] }],
  });
  const carTypeId = catalogue.typeIds.aqua as number;
  const cars = await db.select().from(vehicles).where(eq(vehicles.siteId, siteId)).orderBy(vehicles.registrationNumber);
  const day = (offset: number, time: string) => {
    const jst = new Date(Date.now() + 9 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
    return new Date(`${jst}T${time}:00+09:00`);
  };
  const booking = (reserveNo: string, name: string, car: number | null, from: Date, to: Date) => ({
    siteId,
    reserveNo,
    storeId,
    carTypeId,
    vehicleId: car === null ? null : (cars[car]?.id as number),
    startAt: from,
    endAt: to,
    status: "confirmed" as const,
    rentalFee: 7_700,
    totalFee: 7_700,
    borrower: { name, tel: "090-0000-0000" },
  });
  await db
    .insert(reservations)
    .values([
      booking(E2E_DISPATCH.conflict, "比嘉 太郎", 1, day(1, "09:00"), day(3, "18:00")),
      booking(E2E_DISPATCH.blocked, "金城 花子", 0, day(2, "10:00"), day(2, "18:00")),
      booking(E2E_DISPATCH.pointer, "大城 次郎", 0, day(4, "10:00"), day(5, "17:00")),
      booking(E2E_DISPATCH.keyboard, "宮城 三郎", null, day(6, "10:00"), day(6, "19:00")),
    ]);
}

/** e2e-reports (admin-reports.spec.ts): bookings whose October numbers the spec knows (see E2E_REPORTS). */
async function seedReportsSite(db: typeof owner) {
  const { siteId } = E2E_REPORTS;
  await db.update(siteSettings).set({ supportedLanguages: "jp,en" }).where(eq(siteSettings.siteId, siteId));
  const made = await db
    .insert(stores)
    .values([
      { siteId, storeName: "那覇空港店", storeNameEn: "Naha Airport", tel: "098-000-0000", displayOrder: 1 },
      { siteId, storeName: "石垣店", tel: "0980-00-0000", displayOrder: 2 },
    ])
    .returning({ id: stores.id });
  const [naha, ishigaki] = made.map((s) => s.id) as [number, number];
  const catalogue = await createCatalogue(db, siteId, [naha, ishigaki], {
    classes: [{ key: "c", className: "コンパクト", classNameEn: "Compact", displayOrder: 1 }],
    carTypes: [{ key: "aqua", classKey: "c", typeName: "アクア", typeNameEn: "Aqua", capacity: 5 }],
    vehicles: [
      { store: 0, typeKey: "aqua", count: 2 },
      { store: 1, typeKey: "aqua", count: 1 },
    ],
    feePlans: [
      { store: 0, classKey: "c", ...NIGHTS },
      { store: 1, classKey: "c", ...NIGHTS },
    ],
  });
  const carTypeId = catalogue.typeIds.aqua as number;
  const jst = (date: string, time = "10:00") => new Date(`${date}T${time}:00+09:00`);
  const base = { siteId, carTypeId, storeId: naha, status: "confirmed" as const, locale: "ja" };
  await db.insert(reservations).values([
    // 9 days ahead, 24 hours at Naha, on the website in Japanese.
    {
      ...base,
      reserveNo: "E2E-REP-1",
      createdAt: jst("2026-10-01"),
      startAt: jst("2026-10-10"),
      endAt: jst("2026-10-11"),
      totalFee: 10_000,
    },
    // The same day, 6 hours, in English, taken on the phone, with 1,500 yen added at the return.
    {
      ...base,
      reserveNo: "E2E-REP-2",
      createdAt: jst("2026-10-02", "08:00"),
      startAt: jst("2026-10-02", "12:00"),
      endAt: jst("2026-10-02", "18:00"),
      locale: "en",
      channel: "counter",
      counterContact: "phone",
      totalFee: 6_000,
      extraFee: 1_500,
    },
    // Cancelled, keeping a 3,000 yen fee: rents nothing.
    {
      ...base,
      reserveNo: "E2E-REP-3",
      createdAt: jst("2026-10-08"),
      startAt: jst("2026-10-20"),
      endAt: jst("2026-10-22"),
      status: "cancelled",
      cancelledAt: jst("2026-10-09"),
      cancellationFee: 3_000,
      locale: "ko",
    },
    // Ishigaki, 40 days ahead through the API, departing after October.
    {
      ...base,
      reserveNo: "E2E-REP-4",
      storeId: ishigaki,
      createdAt: jst("2026-10-03"),
      startAt: jst("2026-11-12"),
      endAt: jst("2026-11-13"),
      channel: "api",
      locale: "zh-TW",
      totalFee: 10_000,
    },
  ]);
}
