// The e2e sites of the back office's day (issue 41) for tests/e2e/setup-data.ts: search,
// paperwork, translations and today, each on its own site so no spec's counts move another's.
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { siteSettings, staff, staffStores, stores } from "#server/db/schema";
import { createCatalogue } from "#server/db/seed/catalogue-factory";
import { createMember } from "#server/db/seed/members-factory";
import { E2E_PAPERWORK, E2E_SEARCH, E2E_TODAY, E2E_TRANSLATIONS } from "./admin-sites";
import { addDays, jstDate } from "./dates";

/** An instant at `time` in Japan, `offset` days from `now`'s date there. */
function jst(now: Date, offset: number, time: string): Date {
  return new Date(`${addDays(jstDate(now), offset)}T${time}:00+09:00`);
}

const AQUA = {
  classes: [{ key: "c", className: "コンパクト", classNameEn: "Compact", displayOrder: 1 }],
  carTypes: [{ key: "aqua", classKey: "c", typeName: "アクア", typeNameEn: "Aqua", capacity: 5 }],
};

/** e2e-search: names, readings and phones written one way, for the search to find typed another (E2E_SEARCH). */
export async function seedSearchSite(db: Db, now: Date) {
  const { siteId } = E2E_SEARCH;
  const [store] = await db
    .insert(stores)
    .values({ siteId, storeName: "那覇空港店", storeNameEn: "Naha Airport", tel: "098-000-0202", displayOrder: 1 })
    .returning({ id: stores.id });
  const booking = (reserveNo: string, days: number, borrower: Record<string, string>) => ({
    store: 0,
    typeKey: "aqua",
    reserveNo,
    startAt: jst(now, days, "10:00"),
    endAt: jst(now, days + 1, "10:00"),
    details: { borrower: { name: borrower.name ?? "", ...borrower }, totalFee: 7_700, rentalFee: 7_700 },
  });
  await createCatalogue(db, siteId, [store?.id as number], {
    ...AQUA,
    vehicles: [{ store: 0, typeKey: "aqua", count: 1, plates: ["沖縄 500 わ 30-01"] }],
    reservations: [
      booking(E2E_SEARCH.hanako, 5, {
        name: "山田 花子",
        kana: "やまだ はなこ",
        tel: "090-1234-5678",
        email: "hanako@e2e-search.example",
      }),
      booking(E2E_SEARCH.ichiro, 7, {
        name: "鈴木 一郎",
        kana: "スズキ イチロウ",
        tel: "09087654321",
        email: "ichiro@e2e-search.example",
      }),
    ],
  });
  await createMember(db, siteId, {
    name: E2E_SEARCH.memberName,
    kana: "やまだ たろう",
    email: "taro@e2e-search.example",
    tel: "080-2222-3333",
  });
}

/** e2e-paperwork: a booking out today at Naha on a car by plate, one at Ishigaki, a clerk of Ishigaki and a reader. */
export async function seedPaperworkSite(db: Db, now: Date, passwordHash: string) {
  const { siteId } = E2E_PAPERWORK;
  await db
    .update(siteSettings)
    .set({ invoiceIssuerName: E2E_PAPERWORK.company })
    .where(eq(siteSettings.siteId, siteId));
  const made = await db
    .insert(stores)
    .values([
      {
        siteId,
        storeName: "那覇空港店",
        storeNameEn: "Naha Airport",
        tel: "098-000-0303",
        addressA: "沖縄県那覇市鏡水",
        addressB: "150",
        displayOrder: 1,
      },
      { siteId, storeName: "石垣店", storeNameEn: "Ishigaki", tel: "0980-00-0303", displayOrder: 2 },
    ])
    .returning({ id: stores.id });
  const [naha, ishigaki] = made.map((s) => s.id) as [number, number];
  const borrower = (name: string, kana: string) => ({
    name,
    kana,
    tel: "090-3030-3030",
    email: "papers@e2e-paperwork.example",
    licenseNumber: E2E_PAPERWORK.driverLicence,
  });
  await createCatalogue(db, siteId, [naha, ishigaki], {
    ...AQUA,
    vehicles: [
      { store: 0, typeKey: "aqua", count: 1, plates: [E2E_PAPERWORK.plate] },
      { store: 1, typeKey: "aqua", count: 1, plates: ["沖縄 500 わ 20-02"] },
    ],
    reservations: [
      {
        store: 0,
        typeKey: "aqua",
        reserveNo: E2E_PAPERWORK.naha,
        startAt: now,
        endAt: new Date(now.getTime() + 2 * 86_400_000),
        vehicle: 0,
        details: {
          borrower: borrower("書類 太郎", "ショルイ タロウ"),
          departedAt: now,
          departureFuel: 8,
          totalFee: 15_400,
          rentalFee: 15_400,
        },
      },
      {
        store: 1,
        typeKey: "aqua",
        reserveNo: E2E_PAPERWORK.ishigaki,
        startAt: jst(now, 3, "10:00"),
        endAt: jst(now, 4, "10:00"),
        vehicle: 0,
        details: { borrower: borrower("石垣 花子", "イシガキ ハナコ"), totalFee: 7_700, rentalFee: 7_700 },
      },
    ],
  });
  const [clerk] = await db
    .insert(staff)
    .values([
      { siteId, email: E2E_PAPERWORK.clerk, name: "石垣 スタッフ", role: "store_staff", passwordHash },
      { siteId, email: E2E_PAPERWORK.reader, name: "閲覧 専用", role: "read_only", passwordHash },
    ])
    .returning({ id: staff.id });
  await db.insert(staffStores).values({ siteId, staffId: clerk?.id as number, storeId: ishigaki });
}

/** e2e-translations: Japanese and English; a class and an option without English names (E2E_TRANSLATIONS). */
export async function seedTranslationsSite(db: Db) {
  const { siteId } = E2E_TRANSLATIONS;
  await db.update(siteSettings).set({ supportedLanguages: "jp,en" }).where(eq(siteSettings.siteId, siteId));
  const [store] = await db
    .insert(stores)
    .values({ siteId, storeName: "本店", storeNameEn: "Main store", tel: "098-000-0404", displayOrder: 1 })
    .returning({ id: stores.id });
  await createCatalogue(db, siteId, [store?.id as number], {
    classes: [{ key: "van", className: E2E_TRANSLATIONS.className, displayOrder: 1 }],
    carTypes: [{ key: "serena", classKey: "van", typeName: "セレナ", typeNameEn: "Serena", capacity: 8 }],
    vehicles: [],
    options: [{ optionName: E2E_TRANSLATIONS.optionName, price: 550, stores: [0], classKeys: ["van"] }],
  });
}

/** e2e-today: the day at Naha and Ishigaki whose numbers E2E_TODAY describes. */
export async function seedTodaySite(db: Db, now: Date) {
  const { siteId, naha, ishigaki } = E2E_TODAY;
  const made = await db
    .insert(stores)
    .values([
      { siteId, storeName: naha.name, storeNameEn: naha.nameEn, tel: "098-000-0505", displayOrder: 1 },
      { siteId, storeName: ishigaki.name, tel: "0980-00-0505", displayOrder: 2 },
    ])
    .returning({ id: stores.id });
  const person = (name: string) => ({ borrower: { name, tel: "090-5050-5050" }, totalFee: 7_700, rentalFee: 7_700 });
  const at = (days: number, time: string) => jst(now, days, time);
  await createCatalogue(
    db,
    siteId,
    made.map((s) => s.id),
    {
      ...AQUA,
      vehicles: [
        // The first of Naha's six cars is out of service.
        {
          store: 0,
          typeKey: "aqua",
          count: 6,
          outOfService: 1,
          plates: [
            "沖縄 500 わ 50-00",
            "沖縄 500 わ 50-01",
            "沖縄 500 わ 50-02",
            "沖縄 500 わ 50-03",
            "沖縄 500 わ 50-04",
            "沖縄 500 わ 50-05",
          ],
        },
        { store: 1, typeKey: "aqua", count: 2, plates: ["沖縄 500 わ 51-01", "沖縄 500 わ 51-02"] },
      ],
      reservations: [
        {
          store: 0,
          typeKey: "aqua",
          reserveNo: naha.departed,
          startAt: at(0, "00:00"),
          endAt: at(2, "10:00"),
          vehicle: 2,
          details: { ...person("出発 済子"), departedAt: at(0, "00:00") },
        },
        {
          store: 0,
          typeKey: "aqua",
          reserveNo: naha.withCar,
          startAt: at(0, "10:00"),
          endAt: at(1, "10:00"),
          vehicle: 1,
          details: person("配車 済男"),
        },
        {
          store: 0,
          typeKey: "aqua",
          reserveNo: naha.noCar,
          startAt: at(0, "11:00"),
          endAt: at(1, "11:00"),
          details: person("未配 車子"),
        },
        {
          store: 0,
          typeKey: "aqua",
          reserveNo: naha.dueBack,
          startAt: at(-1, "10:00"),
          endAt: at(0, "23:59"),
          vehicle: 3,
          details: { ...person("返却 待子"), departedAt: at(-1, "10:00") },
        },
        {
          store: 0,
          typeKey: "aqua",
          reserveNo: naha.back,
          startAt: at(-2, "10:00"),
          endAt: at(0, "00:30"),
          vehicle: 5,
          details: { ...person("返却 済男"), departedAt: at(-2, "10:00"), returnedAt: at(0, "00:20") },
        },
        {
          store: 0,
          typeKey: "aqua",
          reserveNo: naha.overdue,
          startAt: at(-3, "10:00"),
          endAt: at(-1, "18:00"),
          vehicle: 4,
          details: { ...person("延滞 太郎"), departedAt: at(-3, "10:00") },
        },
        {
          store: 1,
          typeKey: "aqua",
          reserveNo: ishigaki.departure,
          startAt: at(0, "14:00"),
          endAt: at(1, "14:00"),
          vehicle: 0,
          details: person("石垣 出発"),
        },
      ],
    },
  );
}
