import { ADMIN_CATALOGUES, type AdminMessageKey } from "#app/i18n/admin";
import { type TranslateParams, translateKey } from "#app/i18n/translate";
import type { AdminLocale } from "#common/admin";
import { addDays } from "#common/calendar-date";
import { CHECK_ITEMS } from "#common/counter";
import { formatDate, formatDateTime, formatIsoDate } from "#common/format";
import { formatPhone } from "#common/phone";
import type { CertificateDocument, CheckSheetDocument } from "#server/paperwork/certificate-pdf";
import type { Paperwork, RentalRecord } from "#server/paperwork/paperwork";
import type { RecordDocument } from "#server/paperwork/record-pdf";

/**
 * The words of a rental's paperwork (issue 41 item 5) in the staff member's language; the figures
 * are the booking's, times in the store's zone. The PDF modules only lay them out.
 */

const words = (locale: AdminLocale) => (key: AdminMessageKey, params?: TranslateParams) =>
  translateKey(ADMIN_CATALOGUES[locale], key, params, locale);

type Pair = [string, string];

function commonFacts(p: Paperwork, locale: AdminLocale) {
  const t = words(locale);
  const at = (d: Date | null) => (d ? formatDateTime(d, p.timeZone) : "");
  const km = (n: number | null) => (n === null ? "" : t("admin.paperwork.doc.km", { km: n.toLocaleString("en-US") }));
  const renterName = p.renter.company ? `${p.renter.company}　${p.renter.name}` : p.renter.name;
  const plate = p.plate ?? t("admin.paperwork.doc.plateNone");
  return { t, at, km, renterName, plate };
}

const tel = (value: string) => (value ? formatPhone(value) : "");

export function certificateDocument(p: Paperwork, locale: AdminLocale, site: string, now: Date): CertificateDocument {
  const { t, at, km, renterName, plate } = commonFacts(p, locale);
  const fuel = p.departureFuel === null ? "" : t("admin.paperwork.doc.fuelLevel", { level: p.departureFuel });
  return {
    lang: locale,
    title: t("admin.paperwork.doc.certificate"),
    meta: [
      [t("admin.paperwork.doc.reserveNo"), p.reserveNo],
      [t("admin.paperwork.doc.issuedOn"), formatDate(now, p.timeZone)],
    ],
    sections: [
      {
        heading: t("admin.paperwork.doc.lessor"),
        rows: [
          [t("admin.paperwork.doc.companyName"), p.company.name],
          [t("admin.paperwork.doc.store"), p.company.storeName],
          [
            t("admin.paperwork.doc.address"),
            [p.company.zip ? `〒${p.company.zip}` : "", p.company.address].filter(Boolean).join(" "),
          ],
          [t("admin.paperwork.doc.tel"), tel(p.company.tel)],
        ],
      },
      {
        heading: t("admin.paperwork.doc.renter"),
        rows: [
          [t("admin.paperwork.doc.name"), renterName],
          [t("admin.paperwork.doc.address"), p.renter.address],
          [t("admin.paperwork.doc.tel"), tel(p.renter.tel)],
        ],
      },
      {
        heading: t("admin.paperwork.doc.driver"),
        rows: [
          [t("admin.paperwork.doc.name"), p.driver.name],
          [t("admin.paperwork.doc.licenseNumber"), p.driver.licenseNumber],
        ],
      },
      {
        heading: t("admin.paperwork.doc.vehicle"),
        rows: [
          [t("admin.paperwork.doc.plate"), plate],
          [t("admin.paperwork.doc.carType"), p.carType],
        ],
      },
      {
        heading: t("admin.paperwork.doc.period"),
        rows: [
          [t("admin.paperwork.doc.from"), at(p.departedAt ?? p.startAt)],
          [t("admin.paperwork.doc.until"), at(p.endAt)],
          [t("admin.paperwork.doc.meter"), km(p.departureMileage)],
          [t("admin.paperwork.doc.fuel"), fuel],
        ],
      },
    ] satisfies { heading: string; rows: Pair[] }[],
    notes: [t("admin.paperwork.doc.note.carry"), t("admin.paperwork.doc.note.return")],
    signatures: [t("admin.paperwork.doc.seal"), t("admin.paperwork.doc.renterSignature")],
    footer: t("admin.paperwork.doc.footer", { site, at: formatDateTime(now, p.timeZone) }),
    createdAt: p.departedAt ?? p.startAt,
  };
}

export function checkSheetDocument(p: Paperwork, locale: AdminLocale, site: string, now: Date): CheckSheetDocument {
  const { t, at, km, renterName, plate } = commonFacts(p, locale);
  return {
    lang: locale,
    title: t("admin.paperwork.doc.checkSheet"),
    meta: [
      [t("admin.paperwork.doc.reserveNo"), p.reserveNo],
      [t("admin.paperwork.doc.plate"), plate],
    ],
    facts: {
      heading: t("admin.paperwork.doc.booking"),
      rows: [
        [t("admin.paperwork.doc.renter"), renterName],
        [t("admin.paperwork.doc.driver"), p.driver.name],
        [t("admin.paperwork.doc.carType"), p.carType],
        [t("admin.paperwork.doc.period"), `${at(p.startAt)} 〜 ${at(p.endAt)}`],
      ],
    },
    columns: [t("admin.paperwork.doc.departure"), t("admin.paperwork.doc.return")],
    readings: [
      { label: t("admin.paperwork.doc.departedAt"), values: [at(p.departedAt), at(p.returnedAt)] },
      { label: t("admin.paperwork.doc.meter"), values: [km(p.departureMileage), km(p.returnMileage)] },
    ],
    fuel: {
      label: t("admin.paperwork.doc.fuel"),
      empty: t("admin.paperwork.doc.empty"),
      full: t("admin.paperwork.doc.full"),
      levels: [p.departureFuel, p.returnFuel],
    },
    checks: {
      heading: t("admin.paperwork.doc.checks"),
      ok: t("admin.paperwork.doc.ok"),
      ng: t("admin.paperwork.doc.ng"),
      items: CHECK_ITEMS.map((item) => ({
        label: t(`admin.check.${item}`),
        marks: [p.departureCheck?.[item] ?? null, p.returnCheck?.[item] ?? null],
      })),
    },
    damage: {
      heading: t("admin.paperwork.doc.damage"),
      legend: t("admin.paperwork.doc.damageLegend"),
      views: [
        t("admin.paperwork.doc.front"),
        t("admin.paperwork.doc.rear"),
        t("admin.paperwork.doc.left"),
        t("admin.paperwork.doc.right"),
      ],
    },
    signatures: {
      heading: t("admin.paperwork.doc.signatures"),
      labels: [
        t("admin.paperwork.doc.departureRenter"),
        t("admin.paperwork.doc.departureStaff"),
        t("admin.paperwork.doc.returnRenter"),
        t("admin.paperwork.doc.returnStaff"),
      ],
    },
    footer: t("admin.paperwork.doc.footer", { site, at: formatDateTime(now, p.timeZone) }),
    createdAt: p.departedAt ?? p.startAt,
  };
}

export function recordDocument(r: RentalRecord, locale: AdminLocale, site: string, now: Date): RecordDocument {
  const t = words(locale);
  const at = (d: Date | null) => (d ? formatDateTime(d, r.timeZone) : "");
  const km = (n: number | null) => (n === null ? "" : n.toLocaleString("en-US"));
  const day = r.until === addDays(r.from, 1);
  const period = day ? formatIsoDate(r.from) : formatIsoDate(r.from).slice(0, 7);
  return {
    lang: locale,
    title: `${t("admin.paperwork.doc.record")}　${period}`,
    subtitle: [
      r.company.name,
      t("admin.paperwork.doc.storeLine", {
        store: r.company.storeName,
        address: r.company.address,
        tel: tel(r.company.tel),
      }),
      t("admin.paperwork.doc.count", { count: r.rows.length }),
    ],
    columns: [
      { label: t("admin.paperwork.doc.no"), share: 4, align: "right" },
      { label: t("admin.paperwork.doc.reserveNo"), share: 11 },
      { label: t("admin.paperwork.doc.renter"), share: 14 },
      { label: t("admin.paperwork.doc.driverLicense"), share: 16 },
      { label: t("admin.paperwork.doc.plate"), share: 14 },
      { label: t("admin.paperwork.doc.out"), share: 11 },
      { label: t("admin.paperwork.doc.in"), share: 11 },
      { label: t("admin.paperwork.doc.outMeter"), share: 7, align: "right" },
      { label: t("admin.paperwork.doc.inMeter"), share: 7, align: "right" },
      { label: t("admin.paperwork.doc.distance"), share: 6, align: "right" },
    ],
    rows: r.rows.map((row, i) => [
      String(i + 1),
      row.reserveNo,
      row.renter,
      row.licenseNumber ? `${row.driver}\n${row.licenseNumber}` : row.driver,
      row.plate,
      at(row.departedAt),
      at(row.returnedAt),
      km(row.departureMileage),
      km(row.returnMileage),
      row.departureMileage !== null && row.returnMileage !== null ? km(row.returnMileage - row.departureMileage) : "",
    ]),
    empty: t("admin.paperwork.doc.none"),
    pageLabel: (page, total) => t("admin.paperwork.doc.page", { page, total }),
    footer: t("admin.paperwork.doc.footer", { site, at: formatDateTime(now, r.timeZone) }),
    createdAt: now,
  };
}

/** A PDF to download: private, never stored by a cache. */
export function pdfResponse(bytes: Uint8Array, file: string): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": `attachment; filename="${file.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
