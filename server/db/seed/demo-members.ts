import { and, desc, eq } from "drizzle-orm";
import { hashPassword } from "#server/auth/passwords";
import type { Db } from "#server/db/client";
import { type ReservationOption, type ReservationPerson, vehicles } from "#server/db/schema";
import { simulatorCardId } from "#server/payments/simulator";
import { demoReserveNo, isoDay, jstAt } from "./demo-records";
import type { CreatedSite } from "./factories";
import {
  createDriver,
  createMember,
  createMemberCard,
  createMemberReservation,
  type DriverInput,
  type MemberInput,
  setDriverInputSettings,
} from "./members-factory";

/** The password of every demo member (README). */
export const DEMO_PASSWORD = "rentacar-demo";

const CHILD_SEAT: ReservationOption = {
  optionId: null,
  name: { ja: "チャイルドシート", en: "Child seat", ko: "카시트", "zh-TW": "兒童安全座椅" },
  quantity: 1,
  fee: 1_100,
};

interface DemoMember {
  member: Omit<MemberInput, "passwordHash">;
  /** Store-registered: no password until one is set through the e-mail flow. */
  noPassword?: boolean;
  drivers: DriverInput[];
  /** Saved with the payment simulator; the first is the default. `threeDs`: asks for 3-D Secure on every payment. */
  cards?: { brand: string; last4: string; holder: string; threeDs?: boolean }[];
  /** Reservations: past, in progress, upcoming, cancelled (offsets in days from today). */
  bookings: { from: number; to: number; cancelled?: boolean; payMethod: number }[];
}

const hanakoDriver: DriverInput = {
  name: "山田 花子",
  kana: "ヤマダ ハナコ",
  birthdate: "1990-04-01",
  tel: "090-1234-5678",
  zip: "9000006",
  prefCode: 47,
  addressA: "那覇市おもろまち1-1-1",
  licenseTypes: ["ordinary"],
  licenseNumber: "123456789012",
  licenseAcquisitionDate: "2010-05-10",
  licenseExpirationDate: "2029-05-01",
};

function demoMembers(siteId: string): DemoMember[] {
  if (siteId === "sakura") {
    return [
      {
        member: {
          userType: 1,
          name: "山田 花子",
          kana: "ヤマダ ハナコ",
          email: "hanako@example.com",
          gender: 2,
          birthdate: "1990-04-01",
          tel: "090-1234-5678",
          zip: "9000006",
          country: "日本",
          prefCode: 47,
          addressA: "那覇市おもろまち1-1-1",
          newsletter: 1,
        },
        drivers: [
          hanakoDriver,
          {
            ...hanakoDriver,
            name: "山田 太郎",
            kana: "ヤマダ タロウ",
            birthdate: "1988-09-15",
            licenseNumber: "987654321098",
          },
        ],
        cards: [{ brand: "visa", last4: "4242", holder: "HANAKO YAMADA" }],
        bookings: [
          { from: -40, to: -38, payMethod: 1 },
          { from: -1, to: 1, payMethod: 2 },
          { from: 60, to: 62, payMethod: 2 },
          { from: 25, to: 26, cancelled: true, payMethod: 2 },
        ],
      },
      {
        member: {
          userType: 2,
          company: "株式会社サンプル商事",
          companyKana: "カブシキガイシャサンプルショウジ",
          name: "佐藤 健",
          kana: "サトウ ケン",
          email: "corp@example.com",
          tel: "03-1234-5678",
          zip: "1000005",
          country: "日本",
          prefCode: 13,
          addressA: "千代田区丸の内1-1-1",
        },
        drivers: [
          {
            ...hanakoDriver,
            name: "佐藤 健",
            kana: "サトウ ケン",
            birthdate: "1985-02-20",
            zip: "1000005",
            prefCode: 13,
            addressA: "千代田区丸の内1-1-1",
            licenseNumber: "301234567890",
          },
        ],
        cards: [{ brand: "mastercard", last4: "4444", holder: "KEN SATO" }],
        bookings: [
          { from: -20, to: -19, payMethod: 3 },
          { from: 70, to: 73, payMethod: 1 },
        ],
      },
      {
        member: {
          userType: 1,
          name: "鈴木 一郎",
          kana: "スズキ イチロウ",
          email: "store-member@example.com",
          tel: "098-000-0000",
          zip: "9000006",
          country: "日本",
          prefCode: 47,
          addressA: "那覇市おもろまち2-2-2",
          registeredByStore: true,
        },
        noPassword: true,
        drivers: [],
        bookings: [],
      },
    ];
  }
  if (siteId === "kaede") {
    return [
      {
        // The same address as on sakura: a separate account of another client.
        member: {
          userType: 1,
          name: "山田 花子",
          kana: "ヤマダ ハナコ",
          email: "hanako@example.com",
          gender: 2,
          birthdate: "1990-04-01",
          tel: "090-1234-5678",
          zip: "6008216",
          country: "日本",
          prefCode: 26,
          addressA: "京都市下京区東塩小路町",
        },
        drivers: [{ ...hanakoDriver, zip: "6008216", prefCode: 26, addressA: "京都市下京区東塩小路町" }],
        cards: [{ brand: "visa", last4: "4242", holder: "HANAKO YAMADA" }],
        bookings: [
          { from: -30, to: -29, payMethod: 2 },
          { from: -1, to: 1, payMethod: 2 },
          { from: 65, to: 66, payMethod: 2 },
          { from: 28, to: 29, cancelled: true, payMethod: 2 },
        ],
      },
      {
        member: {
          userType: 2,
          company: "京都トラベル株式会社",
          companyKana: "キョウトトラベルカブシキガイシャ",
          name: "高橋 美咲",
          kana: "タカハシ ミサキ",
          email: "kyoto-corp@example.com",
          tel: "075-000-1234",
          zip: "6008216",
          country: "日本",
          prefCode: 26,
          addressA: "京都市下京区烏丸通1-1",
        },
        drivers: [
          { ...hanakoDriver, name: "高橋 美咲", kana: "タカハシ ミサキ", licenseNumber: "601234567890", prefCode: 26 },
        ],
        cards: [
          { brand: "visa", last4: "1881", holder: "MISAKI TAKAHASHI" },
          { brand: "visa", last4: "3220", holder: "MISAKI TAKAHASHI", threeDs: true },
        ],
        bookings: [{ from: 75, to: 76, payMethod: 2 }],
      },
    ];
  }
  return [];
}

/** Members' bookings are numbered after the catalogue's (demo-records.ts). */
const MEMBER_SEQ = 9_001;

/** Demo members of sakura and kaede, with drivers, a saved card and reservations (README lists them). */
export async function seedDemoMembers(db: Db, sites: CreatedSite[], today: Date): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const site of sites) {
    const typeId = Object.values(site.catalogue?.typeIds ?? {})[0];
    const storeId = site.storeIds[0];
    await setDriverInputSettings(db, site.siteId, demoDriverSettings(site.siteId));
    let seq = MEMBER_SEQ;
    // Their cars: the last ones of the type, which the catalogue's bookings leave alone (demo-bookings.ts).
    const cars =
      typeId === undefined || storeId === undefined
        ? []
        : await db
            .select({ id: vehicles.id, mileageKm: vehicles.mileageKm })
            .from(vehicles)
            .where(
              and(
                eq(vehicles.siteId, site.siteId),
                eq(vehicles.storeId, storeId),
                eq(vehicles.carTypeId, typeId),
                eq(vehicles.inService, true),
              ),
            )
            .orderBy(desc(vehicles.id));
    let inUse = 0;
    for (const [index, demo] of demoMembers(site.siteId).entries()) {
      const memberId = await createMember(db, site.siteId, {
        ...demo.member,
        passwordHash: demo.noPassword ? null : passwordHash,
        // Saved cards belong to the member's customer at the gateway: a card without one cannot pay.
        paymentCustomerId: demo.cards?.length ? `sim_cus_demo-${site.siteId}-${index + 1}` : null,
      });
      const driverIds: number[] = [];
      for (const driver of demo.drivers) driverIds.push(await createDriver(db, site.siteId, memberId, driver));
      for (const [n, { threeDs, ...card }] of (demo.cards ?? []).entries()) {
        // The id tells the simulator how the card pays, so it pays after every start (simulatorCardId).
        await createMemberCard(db, site.siteId, memberId, {
          gatewayCardId: simulatorCardId(
            threeDs ? "challenge" : "ok",
            `demo_${site.siteId}_${memberId}${n ? `_${n + 1}` : ""}`,
          ),
          ...card,
          expMonth: 12,
          expYear: today.getUTCFullYear() + 3,
          isDefault: n === 0,
        });
      }
      if (typeId === undefined || storeId === undefined) continue;
      const borrower: ReservationPerson = {
        userType: demo.member.userType === 2 ? 2 : 1,
        company: demo.member.company ?? "",
        name: demo.member.name,
        kana: demo.member.kana ?? "",
        email: demo.member.email ?? "",
        tel: demo.member.tel ?? "",
        zip: demo.member.zip ?? "",
        prefCode: demo.member.prefCode ?? null,
        addressA: demo.member.addressA ?? "",
      };
      const driver = demo.drivers[0];
      for (const booking of demo.bookings) {
        const rentalFee = 8_800 * (booking.to - booking.from + 1);
        const startAt = jstAt(today, booking.from, "10:00");
        const endAt = jstAt(today, booking.to, "17:00");
        await createMemberReservation(db, site.siteId, memberId, {
          reserveNo: demoReserveNo(seq++, isoDay(today, Math.min(0, booking.from - 14))),
          createdAt: jstAt(today, Math.min(0, booking.from - 14), "09:00"),
          ...(booking.cancelled
            ? {}
            : rental(
                startAt,
                endAt,
                today,
                booking.to < 0 ? cars.at(-1) : booking.from <= 0 ? cars[inUse++] : undefined,
              )),
          storeId,
          returnStoreId: storeId,
          carTypeId: typeId,
          startAt,
          endAt,
          status: booking.cancelled ? ("cancelled" as const) : ("confirmed" as const),
          driverId: driverIds[0] ?? null,
          rentalFee,
          optionFee: CHILD_SEAT.fee,
          immunityFee: 1_650,
          totalFee: rentalFee + CHILD_SEAT.fee + 1_650,
          payMethod: booking.payMethod,
          destination: "美ら海水族館",
          purpose: "観光",
          passengers: 3,
          locale: "ja",
          borrower,
          driver: driver
            ? {
                name: driver.name ?? "",
                kana: driver.kana ?? "",
                tel: driver.tel ?? "",
                licenseNumber: driver.licenseNumber ?? "",
              }
            : borrower,
          options: [CHILD_SEAT],
        });
      }
    }
  }
}

/**
 * A member's booking that has begun: its car and departure, and its return with meters below the
 * car's reading once it is past; one to come has no car yet.
 */
function rental(startAt: Date, endAt: Date, today: Date, car: { id: number; mileageKm: number } | undefined) {
  if (startAt > today || !car) return {};
  const departure = {
    vehicleId: car.id,
    departedAt: new Date(startAt.getTime() + 600_000),
    departureFuel: 8,
  };
  if (endAt > today) return { ...departure, departureMileage: car.mileageKm };
  // The past ones are weeks back: well below what the car reads now.
  const back = Math.round((today.getTime() - endAt.getTime()) / 86_400_000) * 70;
  return {
    ...departure,
    departureMileage: Math.max(0, car.mileageKm - back - 180),
    returnedAt: new Date(endAt.getTime() - 900_000),
    returnMileage: Math.max(0, car.mileageKm - back),
    returnFuel: 8,
  };
}

/** Which driver fields each demo site asks for (spec §3 driver input setting). */
function demoDriverSettings(siteId: string) {
  if (siteId === "fuji") return { fields: {}, licensePicturesDisplayNum: 0, shouldHideAllInputs: true };
  const fields = {
    name: 2,
    kana: 2,
    birthdate: 2,
    tel: 2,
    zip: 1,
    country: 1,
    pref_code: 1,
    address_a: 1,
    address_b: 1,
    license_type: 2,
    license_number: 2,
    license_acquisition_date: 2,
    license_expiration_date: 2,
    driver_image1: siteId === "kaede" ? 2 : 1,
    driver_image2: 1,
    driver_image3: 1,
    driver_image4: 1,
  } as const;
  return { fields, licensePicturesDisplayNum: siteId === "kaede" ? 4 : 2, shouldHideAllInputs: false };
}
