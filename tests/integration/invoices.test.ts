import { eq } from "drizzle-orm";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceDocument } from "#app/presenters/invoice.server";
import { formatDate } from "#common/format";
import { reservations, siteSettings } from "#server/db/schema";
import type { CreatedSite } from "#server/db/seed/factories";
import { AppError } from "#server/errors";
import { renderInvoicePdf } from "#server/invoices/invoice-pdf";
import { invoiceFor, receiptsOf } from "#server/invoices/invoices";
import { recordCounterPayment } from "#server/ledger/ledger";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";

/**
 * Issue 37 item 10: a booking's payments in the ledger give receipts; each PDF is read back as text
 * to find what a qualified invoice must carry. Fixtures are loaded as the owner; the code under test
 * runs as the app role (`forSite`).
 */

let handle: TestDb;
let site: CreatedSite;
let booking: typeof reservations.$inferSelect;
let charge: number;
let refund: number;

/** The text of every page of a PDF, as a reader extracts it (spaces between runs dropped). */
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

async function setIssuer(name: string, number: string | null) {
  await handle.owner
    .update(siteSettings)
    .set({ invoiceIssuerName: name, invoiceRegistrationNumber: number })
    .where(eq(siteSettings.siteId, site.siteId));
}

async function pdfOf(entryId: number, reservation = booking) {
  const db = handle.forSite(site.siteId);
  const invoice = await invoiceFor(db, site.siteId, { reservation, entryId });
  const bytes = await renderInvoicePdf(invoiceDocument(invoice, "テストレンタカー"));
  return { invoice, bytes, text: await pdfText(bytes) };
}

beforeAll(async () => {
  handle = await createTestDb();
  site = await makeSite(handle.owner, {
    catalogue: {
      classes: [{ key: "c", className: "コンパクト", classNameEn: "Compact" }],
      carTypes: [{ key: "t", classKey: "c", typeName: "アクア", typeNameEn: "Aqua", capacity: 5 }],
      vehicles: [{ store: 0, typeKey: "t", count: 2 }],
    },
  });
  const [row] = await handle.owner
    .insert(reservations)
    .values({
      siteId: site.siteId,
      reserveNo: "INV-0001",
      storeId: site.storeIds[0] as number,
      carTypeId: site.catalogue?.typeIds.t as number,
      startAt: new Date("2026-12-01T01:00:00Z"),
      endAt: new Date("2026-12-03T09:00:00Z"),
      status: "confirmed",
      rentalFee: 8_800,
      optionFee: 1_100,
      immunityFee: 1_650,
      totalFee: 11_550,
      payMethod: 1,
      locale: "ja",
      options: [{ optionId: null, name: { ja: "チャイルドシート", en: "Child seat" }, quantity: 1, fee: 1_100 }],
      borrower: { name: "山田 花子", email: "hanako@example.com" },
    })
    .returning();
  booking = row as typeof booking;
  const paid = await recordCounterPayment(handle.forSite(site.siteId), site.siteId, {
    reservationId: booking.id,
    storeId: booking.storeId,
    kind: "charge",
    operation: "booking",
    method: "card",
    amount: 11_550,
    key: `test-charge-${booking.id}`,
    paymentId: "pay_invoice_test",
  });
  const back = await recordCounterPayment(handle.forSite(site.siteId), site.siteId, {
    reservationId: booking.id,
    storeId: booking.storeId,
    kind: "refund",
    operation: "cancel",
    method: "card",
    amount: 5_775,
    key: `test-refund-${booking.id}`,
    paymentId: "pay_invoice_test",
  });
  charge = paid.outcome?.id as number;
  refund = back.outcome?.id as number;
});
afterAll(() => handle?.close());

describe("receipts from the ledger", () => {
  it("lists one receipt per succeeded outcome, numbered from the entry", async () => {
    const list = await receiptsOf(handle.forSite(site.siteId), site.siteId, { reservationId: booking.id });
    expect(list.map((r) => [r.kind, r.amount, r.number])).toEqual([
      ["charge", 11_550, `R-${String(charge).padStart(8, "0")}`],
      ["refund", 5_775, `H-${String(refund).padStart(8, "0")}`],
    ]);
  });

  it("makes a payment's PDF a qualified invoice once the registration number is set", async () => {
    await setIssuer("株式会社テストレンタカー", "T7000012050002");
    const { invoice, bytes, text } = await pdfOf(charge);
    expect(invoice.rates).toEqual([{ rate: 10, total: 11_550, tax: 1_050 }]);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    // The font is embedded as a subset: tens of kilobytes, not the 5 MB face.
    expect(bytes.byteLength).toBeLessThan(300_000);
    expect(text).toContain("適格請求書（領収書）");
    expect(text).toContain("株式会社テストレンタカー");
    expect(text).toContain("登録番号T7000012050002");
    expect(text).toContain("山田花子様");
    expect(text).toContain("11,550円");
    expect(text).toContain("10%対象11,550円");
    expect(text).toContain("内消費税（10%）1,050円");
    expect(text).toContain(`取引日${formatDate(invoice.at, "Asia/Tokyo")}`);
    expect(text).toContain("INV-0001");
    expect(text).toContain("アクア（コンパクト）");
    expect(text).toContain("オプション：チャイルドシート");
    expect(text).toContain("免責補償料1,650円");
    expect(text).toContain(invoice.number);
  });

  it("gives a refund a qualified return invoice naming the payment it gives back from", async () => {
    const { invoice, text } = await pdfOf(refund);
    expect(invoice.kind).toBe("return");
    expect(text).toContain("適格返還請求書");
    expect(text).toContain("登録番号T7000012050002");
    expect(text).toContain("返還金額（税込）5,775円");
    // floor(5,775 × 10 / 110) = 525
    expect(text).toContain("内消費税（10%）525円");
    expect(text).toContain("キャンセルに伴う返金");
    expect(text).toContain(`R-${String(charge).padStart(8, "0")}`);
    expect(text).toContain("山田花子様");
  });

  it("is a plain receipt, without the invoice wording, until a registration number is set", async () => {
    await setIssuer("", null);
    const { invoice, text } = await pdfOf(charge);
    expect(invoice.qualified).toBe(false);
    expect(text).toContain("領収書");
    expect(text).not.toContain("適格請求書（領収書）");
    expect(text).not.toContain("登録番号T");
    expect(text).toContain("適格請求書ではありません");
    // The issuer falls back to the site's title.
    expect(text).toContain(site.siteId.replace("test-", "テストレンタカー"));
    expect(text).toContain("11,550円");
    expect(text).toContain("山田花子様");
  });

  it("puts English beside the Japanese for a booking made in another language, and 御中 for a company", async () => {
    await setIssuer("株式会社テストレンタカー", "T7000012050002");
    const english = { ...booking, locale: "en", borrower: { name: "Jane Doe", company: "Acme Ltd." } };
    const { text } = await pdfOf(charge, english);
    expect(text).toContain("適格請求書（領収書）/Qualifiedinvoice(receipt)");
    expect(text).toContain("AcmeLtd.御中");
    expect(text).toContain("アクア/Aqua");
    expect(text).toContain("Consumptiontax(10%)included");
  });

  it("finds nothing for another booking's entry, an attempt, or another site", async () => {
    const db = handle.forSite(site.siteId);
    const [other] = await handle.owner
      .insert(reservations)
      .values({ ...booking, id: undefined, reserveNo: "INV-0002", linkSecret: undefined })
      .returning();
    const notFound = async (promise: Promise<unknown>) => {
      const error = await promise.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("not_found");
    };
    await notFound(invoiceFor(db, site.siteId, { reservation: other as typeof booking, entryId: charge }));
    await notFound(invoiceFor(db, site.siteId, { reservation: booking, entryId: charge - 1 }));
    const elsewhere = await makeSite(handle.owner);
    await notFound(
      invoiceFor(handle.forSite(elsewhere.siteId), elsewhere.siteId, { reservation: booking, entryId: charge }),
    );
  });
});
