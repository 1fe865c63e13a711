import { describe, expect, it } from "vitest";
import type { SiteBundle } from "#server/sites/site-bundle";
import { bookingFacts, driverPapers, livesAbroad, reservationFacts, sessionFacts } from "./booking-facts";

const bundle = {
  settings: {
    cancellationFees: [
      { daysBefore: 3, percent: 50 },
      { daysBefore: 0, percent: 100 },
    ],
    nocDrivable: 20_000,
    nocNotDrivable: 50_000,
  },
  catalogue: {
    carTypes: [
      { id: 9, classId: 5 },
      { id: 10, classId: 6 },
    ],
    immunityFees: [{ classId: 5, pricePerDay: 1_650, isDefault: true }],
    options: [
      { id: 1, optionName: "チャイルドシート", optionNameEn: "Child seat", coversNoc: false },
      { id: 2, optionName: "安心パック（NOC補償）", optionNameEn: "Safety pack (NOC cover)", coversNoc: true },
    ],
  },
} as unknown as Pick<SiteBundle, "settings" | "catalogue">;

describe("the papers a driver brings, by the licence type chosen", () => {
  it("a Japanese licence: the licence", () => {
    expect(driverPapers(["ordinary"], false)).toEqual({ papers: ["licence"], oneOf: false });
    expect(driverPapers([], false)).toEqual({ papers: ["licence"], oneOf: false });
  });
  it("an international driving permit: the passport and the permit", () => {
    expect(driverPapers(["international"], true)).toEqual({ papers: ["idp"], oneOf: false });
  });
  it("a licence with its official translation (Switzerland, Germany, Taiwan…): passport, licence and translation", () => {
    expect(driverPapers(["foreign_translation"], false)).toEqual({ papers: ["translation"], oneOf: false });
  });
  it("both held: either set", () => {
    expect(driverPapers(["foreign_translation", "international"], true)).toEqual({
      papers: ["idp", "translation"],
      oneOf: true,
    });
  });
  it("someone from abroad whose licence type is not known: one of the two sets", () => {
    expect(driverPapers([], true)).toEqual({ papers: ["idp", "translation"], oneOf: true });
  });
  it("someone living abroad with a Japanese licence: the licence", () => {
    expect(driverPapers(["ordinary_at", "nonsense"], true)).toEqual({ papers: ["licence"], oneOf: false });
  });
  it("lives abroad: the overseas prefecture or a country other than Japan", () => {
    expect(livesAbroad({ prefCode: 48, country: "KR" })).toBe(true);
    expect(livesAbroad({ country: "US" })).toBe(true);
    expect(livesAbroad({ prefCode: 47, country: "JP" })).toBe(false);
    expect(livesAbroad({ prefCode: 13 })).toBe(false);
    expect(livesAbroad(null)).toBe(false);
  });
});

describe("a booking's facts", () => {
  it("the site's schedule nearest first, its NOC, and the damage waiver the class offers", () => {
    const facts = bookingFacts(bundle, {
      carTypeId: 9,
      passengers: 3,
      immunityFee: 3_300,
      withImmunity: true,
      licenseTypes: ["international"],
      abroad: true,
      optionIds: [1],
      locale: "en",
    });
    expect(facts).toEqual({
      passengers: 3,
      cancellationFees: [
        { daysBefore: 0, percent: 100 },
        { daysBefore: 3, percent: 50 },
      ],
      damageWaiver: { chosen: true, fee: 3_300 },
      noc: { drivable: 20_000, notDrivable: 50_000, coveredBy: null },
      bring: { papers: ["idp"], oneOf: false },
    });
  });
  it("a class without a damage waiver says nothing of it; one declined says so", () => {
    const base = {
      passengers: null,
      immunityFee: 0,
      withImmunity: false,
      licenseTypes: [],
      abroad: false,
      optionIds: [],
      locale: "ja" as const,
    };
    expect(bookingFacts(bundle, { ...base, carTypeId: 10 }).damageWaiver).toBeNull();
    expect(bookingFacts(bundle, { ...base, carTypeId: 9 }).damageWaiver).toEqual({ chosen: false, fee: 0 });
  });
  it("a booking made reads the licence types kept with its driver", () => {
    const facts = reservationFacts(
      bundle,
      {
        carTypeId: 9,
        passengers: 2,
        immunityFee: 0,
        borrower: { prefCode: 48, country: "DE" },
        driver: { prefCode: 48, country: "DE", licenseTypes: ["foreign_translation"] },
        options: [],
      },
      "en",
    );
    expect(facts.bring).toEqual({ papers: ["translation"], oneOf: false });
    expect(facts.damageWaiver).toEqual({ chosen: false, fee: 0 });
  });
  it("the session's driver: one entered now, a saved one, or the borrower from abroad", () => {
    const quote = { withImmunity: true, fees: { immunityFee: 1_650 } };
    const session = {
      carTypeId: 9,
      passengers: 4,
      borrower: { name: "K", prefCode: 48, country: "KR" },
      options: [],
    };
    const entered = sessionFacts(
      bundle,
      {
        ...session,
        driver: {
          mode: "new",
          person: { name: "D" },
          licenseTypes: ["international"],
          licenseAcquisitionDate: null,
          licenseExpirationDate: null,
          images: [],
        },
      },
      quote,
      null,
      "ko",
    );
    expect(entered.bring.papers).toEqual(["idp"]);
    expect(entered.damageWaiver).toEqual({ chosen: true, fee: 1_650 });
    const saved = sessionFacts(
      bundle,
      { ...session, driver: { mode: "saved", driverId: 1 } },
      quote,
      {
        licenseTypes: ["ordinary"],
        prefCode: 47,
        country: "JP",
      },
      "ja",
    );
    expect(saved.bring.papers).toEqual(["licence"]);
    const same = sessionFacts(bundle, { ...session, driver: { mode: "same" } }, quote, null, "ko");
    expect(same.bring).toEqual({ papers: ["idp", "translation"], oneOf: true });
    expect(same.passengers).toBe(4);
  });

  it("a chosen option that covers the NOC is named among what the total includes, in the booking's language", () => {
    const made = (options: { optionId: number | null }[], locale: "ja" | "en") =>
      reservationFacts(
        bundle,
        { carTypeId: 9, passengers: 2, immunityFee: 3_300, borrower: null, driver: null, options },
        locale,
      ).noc;
    expect(made([{ optionId: 2 }], "en").coveredBy).toBe("Safety pack (NOC cover)");
    expect(made([{ optionId: 2 }], "ja").coveredBy).toBe("安心パック（NOC補償）");
    expect(made([{ optionId: 1 }, { optionId: null }], "en").coveredBy).toBeNull();
  });
});
