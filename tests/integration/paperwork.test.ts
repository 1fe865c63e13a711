import { writeFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { certificateDocument, checkSheetDocument, recordDocument } from "#app/presenters/paperwork.server";
import { reservations, siteSettings, vehicles } from "#server/db/schema";
import type { CreatedSite } from "#server/db/seed/factories";
import { AppError } from "#server/errors";
import { renderCertificatePdf, renderCheckSheetPdf } from "#server/paperwork/certificate-pdf";
import { paperworkFor, recordPeriod, rentalRecordFor } from "#server/paperwork/paperwork";
import { renderRecordPdf } from "#server/paperwork/record-pdf";
import { makeSite } from "#tests/fixtures/sites";
import { actorAs, OWNER, READ_ONLY } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";

/**
 * Issue 41 item 5: a booking's rental certificate (貸渡証) and check sheet, and a store's rental
 * record (貸渡簿), each PDF read back as text to find what the law and the counter need on it.
 * Fixtures are loaded as the owner; the code under test runs as the app role (`forSite`).
 */

let handle: TestDb;
let site: CreatedSite;
const NOW = new Date("2026-12-01T03:00:00Z");

/** The text of every page of a PDF, as a reader extracts it (spaces dropped). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes.slice(), useSystemFonts: false, isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) if ("str" in item) parts.push(item.str);
  }
  await doc.destroy();
  return parts.join("").replace(/\s+/g, "");
}
const squash = (s: string) => s.replace(/\s+/g, "");

/** Keeps a copy to look at when PAPERWORK_OUT names a folder (rendered to PNG by hand). */
async function keep(name: string, bytes: Uint8Array) {
  if (process.env.PAPERWORK_OUT) await writeFile(`${process.env.PAPERWORK_OUT}/${name}`, bytes);
}

async function booking(values: Partial<typeof reservations.$inferInsert> & { reserveNo: string }) {
  const [row] = await handle.owner
    .insert(reservations)
    .values({
      siteId: site.siteId,
      storeId: site.storeIds[0] as number,
      carTypeId: site.catalogue?.typeIds.t as number,
      startAt: new Date("2026-12-01T01:00:00Z"),
      endAt: new Date("2026-12-03T09:00:00Z"),
      status: "confirmed",
      totalFee: 11_550,
      locale: "ja",
      borrower: {
        name: "山田 花子",
        tel: "+819012345678",
        zip: "900-0001",
        addressA: "沖縄県那覇市",
        addressB: "港町1-2-3",
      },
      ...values,
    })
    .returning();
  return row as typeof reservations.$inferSelect;
}

let plateId: number;

beforeAll(async () => {
  handle = await createTestDb();
  site = await makeSite(handle.owner, {
    stores: [
      {
        storeName: "那覇空港店",
        storeNameEn: "Naha Airport",
        zip: "901-0142",
        addressA: "沖縄県那覇市",
        addressB: "鏡水150",
        addressBEn: "150 Kagamizu",
        tel: "+81988000000",
        timeZone: "Asia/Tokyo",
      },
      { storeName: "北谷店", tel: "098-900-0000" },
    ],
    catalogue: {
      classes: [{ key: "c", className: "コンパクト", classNameEn: "Compact" }],
      carTypes: [{ key: "t", classKey: "c", typeName: "アクア", typeNameEn: "Aqua", capacity: 5 }],
      vehicles: [{ store: 0, typeKey: "t", count: 5 }],
    },
  });
  await handle.owner
    .update(siteSettings)
    .set({ invoiceIssuerName: "株式会社さくらレンタカー" })
    .where(eq(siteSettings.siteId, site.siteId));
  const cars = await handle.forSite(site.siteId).select().from(vehicles).where(eq(vehicles.siteId, site.siteId));
  plateId = cars[0]?.id as number;
  await handle.owner.update(vehicles).set({ registrationNumber: "沖縄500わ12-34" }).where(eq(vehicles.id, plateId));
  await handle.owner
    .update(vehicles)
    .set({ registrationNumber: "沖縄500わ56-78" })
    .where(eq(vehicles.id, cars[1]?.id as number));
  await booking({
    reserveNo: "261201-AAAA",
    vehicleId: plateId,
    driver: { name: "山田 太郎", licenseNumber: "123456789012" },
    departedAt: new Date("2026-12-01T01:10:00Z"),
    departureMileage: 12_345,
    departureFuel: 8,
    departureCheck: { tires: "ok", lights: "ok", brakes: "ng" },
  });
  await booking({
    reserveNo: "261201-BBBB",
    vehicleId: cars[1]?.id as number,
    borrower: { name: "Jane Smith", company: "Acme KK", licenseNumber: "987654321000" },
    startAt: new Date("2026-11-30T01:00:00Z"),
    endAt: new Date("2026-12-01T09:00:00Z"),
    departedAt: new Date("2026-12-01T00:30:00Z"),
    departureMileage: 500,
    returnedAt: new Date("2026-12-01T08:00:00Z"),
    returnMileage: 620,
  });
  // Not handed over, another day, cancelled: not on the day's record.
  await booking({ reserveNo: "261201-CCCC" });
  await booking({
    reserveNo: "261202-DDDD",
    startAt: new Date("2026-12-02T01:00:00Z"),
    departedAt: new Date("2026-12-02T01:00:00Z"),
    departureMileage: 700,
  });
  await booking({ reserveNo: "261201-EEEE", status: "cancelled", departedAt: new Date("2026-12-01T02:00:00Z") });
});

afterAll(async () => {
  await handle?.close();
});

describe("the rental certificate (貸渡証)", () => {
  it("carries the company, renter, driver and licence, plate, period and departure meter, read back from the PDF", async () => {
    const db = handle.forSite(site.siteId);
    const paperwork = await paperworkFor(db, site.siteId, OWNER, { reserveNo: "261201-AAAA", lang: "ja" });
    const bytes = await renderCertificatePdf(certificateDocument(paperwork, "ja", "さくらレンタカー", NOW));
    await keep("certificate-ja.pdf", bytes);
    const text = await pdfText(bytes);
    for (const expected of [
      "貸渡証",
      "株式会社さくらレンタカー",
      "那覇空港店",
      "〒901-0142沖縄県那覇市鏡水150",
      "098-800-0000",
      "山田花子",
      "山田太郎",
      "123456789012",
      "沖縄500わ12-34",
      "2026/12/0110:10",
      "2026/12/0318:00",
      "12,345km",
      "261201-AAAA",
    ]) {
      expect(text).toContain(squash(expected));
    }
  });

  it("reads in English for English staff, with the Japanese title kept", async () => {
    const db = handle.forSite(site.siteId);
    const paperwork = await paperworkFor(db, site.siteId, OWNER, { reserveNo: "261201-AAAA", lang: "en" });
    const bytes = await renderCertificatePdf(certificateDocument(paperwork, "en", "Sakura", NOW));
    await keep("certificate-en.pdf", bytes);
    const text = await pdfText(bytes);
    for (const expected of [
      "Rental certificate (貸渡証)",
      "Naha Airport",
      "150 Kagamizu",
      "Driving licence number",
      "123456789012",
      "沖縄500わ12-34",
      "12,345 km",
    ]) {
      expect(text).toContain(squash(expected));
    }
  });

  it("names a company renter and the renter as driver when no other driver was named", async () => {
    const db = handle.forSite(site.siteId);
    const paperwork = await paperworkFor(db, site.siteId, READ_ONLY, { reserveNo: "261201-BBBB", lang: "ja" });
    expect(paperwork.driver).toEqual({ name: "Jane Smith", licenseNumber: "987654321000" });
    const text = await pdfText(await renderCertificatePdf(certificateDocument(paperwork, "ja", "x", NOW)));
    expect(text).toContain("AcmeKKJaneSmith");
  });

  it("is refused for another store's staff and for a cancelled booking, as not found", async () => {
    const db = handle.forSite(site.siteId);
    const other = actorAs("store_staff", [site.storeIds[1] as number]);
    for (const [actor, reserveNo] of [
      [other, "261201-AAAA"],
      [OWNER, "261201-EEEE"],
    ] as const) {
      const error = await paperworkFor(db, site.siteId, actor, { reserveNo, lang: "ja" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("not_found");
    }
  });
});

describe("the check sheet", () => {
  it("has the booking, both ends' readings, checks, damage views and signatures", async () => {
    const db = handle.forSite(site.siteId);
    const paperwork = await paperworkFor(db, site.siteId, OWNER, { reserveNo: "261201-AAAA", lang: "ja" });
    const doc = checkSheetDocument(paperwork, "ja", "さくらレンタカー", NOW);
    expect(doc.checks.items.find((i) => i.label === "ブレーキ")?.marks).toEqual(["ng", null]);
    expect(doc.fuel.levels).toEqual([8, null]);
    const bytes = await renderCheckSheetPdf(doc);
    await keep("check-sheet-ja.pdf", bytes);
    const text = await pdfText(bytes);
    for (const expected of [
      "車両チェックシート",
      "沖縄500わ12-34",
      "山田花子",
      "出発時",
      "返却時",
      "12,345km",
      "タイヤ",
      "右側面",
      "返却時担当者",
    ]) {
      expect(text).toContain(squash(expected));
    }
  });
});

describe("the rental record (貸渡簿)", () => {
  it("lists the day's handed-over rentals at the store, oldest first, with meters", async () => {
    const db = handle.forSite(site.siteId);
    const record = await rentalRecordFor(db, site.siteId, OWNER, {
      storeId: site.storeIds[0] as number,
      period: "2026-12-01",
      lang: "ja",
    });
    expect(record.rows.map((r) => r.reserveNo)).toEqual(["261201-BBBB", "261201-AAAA"]);
    const bytes = await renderRecordPdf(recordDocument(record, "ja", "さくらレンタカー", NOW));
    await keep("record-day-ja.pdf", bytes);
    const text = await pdfText(bytes);
    for (const expected of [
      "貸渡簿2026/12/01",
      "貸渡2件",
      "261201-BBBB",
      "AcmeKK",
      "987654321000",
      "沖縄500わ56-78",
      "500",
      "620",
      "120",
      "261201-AAAA",
      "山田太郎",
      "123456789012",
      "沖縄500わ12-34",
      "12,345",
    ]) {
      expect(text).toContain(squash(expected));
    }
    expect(text).not.toContain("261201-CCCC");
    expect(text).not.toContain("261202-DDDD");
    expect(text).not.toContain("261201-EEEE");
  });

  it("covers a month, and says so when nothing was rented", async () => {
    const db = handle.forSite(site.siteId);
    const month = await rentalRecordFor(db, site.siteId, OWNER, {
      storeId: site.storeIds[0] as number,
      period: "2026-12",
      lang: "en",
    });
    expect(month.rows.map((r) => r.reserveNo)).toEqual(["261201-BBBB", "261201-AAAA", "261202-DDDD"]);
    const bytes = await renderRecordPdf(recordDocument(month, "en", "Sakura", NOW));
    await keep("record-month-en.pdf", bytes);
    expect(await pdfText(bytes)).toContain(squash("Rental record (貸渡簿) 2026/12"));
    const none = await rentalRecordFor(db, site.siteId, OWNER, {
      storeId: site.storeIds[1] as number,
      period: "2026-12-01",
      lang: "ja",
    });
    expect(none.rows).toEqual([]);
    expect(await pdfText(await renderRecordPdf(recordDocument(none, "ja", "x", NOW)))).toContain(
      "この期間に出発した貸渡しはありません。",
    );
  });

  it("is refused for a store the staff member does not work at, and for a period that is neither a day nor a month", async () => {
    const db = handle.forSite(site.siteId);
    const other = actorAs("store_staff", [site.storeIds[1] as number]);
    await expect(
      rentalRecordFor(db, site.siteId, other, {
        storeId: site.storeIds[0] as number,
        period: "2026-12-01",
        lang: "ja",
      }),
    ).rejects.toMatchObject({ code: "not_found" });
    for (const wrong of ["2026-13", "2026-02-30", "2026-12-01x", ""])
      expect(() => recordPeriod(wrong)).toThrow(AppError);
    expect(recordPeriod("2026-12")).toEqual({ from: "2026-12-01", until: "2027-01-01" });
  });
});
