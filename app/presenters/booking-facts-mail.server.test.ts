import { describe, expect, it } from "vitest";
import { CATALOGUES, type MessageKey, translate } from "#app/i18n/messages";
import { type PluralKey, translatePlural } from "#app/i18n/translate";
import { formatYen } from "#common/format";
import { LOCALES, type Locale } from "#common/locales";
import type { BookingFacts } from "#server/reservations/booking-facts";
import { factsMailLines, ruleMailLines } from "./booking-facts-mail.server";

const words = (locale: Locale) => ({
  t: (key: MessageKey, params?: Record<string, string | number>) => translate(CATALOGUES[locale], key, params),
  tp: (key: PluralKey, count: number) => translatePlural(CATALOGUES[locale], locale, key, count),
  yen: (amount: number) => formatYen(amount, locale),
});

const FACTS: BookingFacts = {
  passengers: 3,
  cancellationFees: [
    { daysBefore: 0, percent: 100 },
    { daysBefore: 3, percent: 50 },
  ],
  damageWaiver: { chosen: true, fee: 3_300 },
  noc: { drivable: 20_000, notDrivable: 50_000, coveredBy: null },
  bring: { papers: ["idp"], oneOf: false },
};

/** The mail text of the facts in one language. */
const text = (locale: Locale, facts: BookingFacts = FACTS) => factsMailLines(facts, words(locale)).join("\n");

describe("the booking's facts in the customer mails", () => {
  it("Japanese: passengers, the rule from the setting, the waiver, the NOC and the papers", () => {
    const mail = text("ja");
    expect(mail).toContain("乗車人数：3名");
    expect(mail).toContain("・出発当日：合計の 100%");
    expect(mail).toContain("・出発の 1〜3 日前：合計の 50%");
    expect(mail).toContain("・出発の 3 日前より前：無料");
    expect(mail).toContain("免責補償（CDW）：加入（3,300円）");
    expect(mail).toContain("20,000円");
    expect(mail).toContain("50,000円");
    expect(mail).toContain("・パスポートと国際運転免許証（1949年ジュネーブ条約に基づくもの）");
    expect(mail).not.toContain("基本料金の");
  });

  it("English: a family of three, the percent of the total, and one of the sets when the licence type is not known", () => {
    const mail = text("en", { ...FACTS, bring: { papers: ["idp", "translation"], oneOf: true } });
    expect(mail).toContain("Passengers: 3 people");
    expect(mail).toContain("- On the day of departure: 100% of the total");
    expect(mail).toContain("- 1-3 days before departure: 50% of the total");
    expect(mail).toContain("bring one of these");
    expect(mail).toContain("International Driving Permit (1949 Geneva Convention)");
    expect(mail).toContain("official Japanese translation");
    expect(mail).toMatch(/Switzerland, Germany, France, Belgium, Monaco, Taiwan, Estonia/);
    expect(text("en", { ...FACTS, passengers: 1 })).toContain("Passengers: 1 person");
  });

  it("Korean and Chinese: no particle follows an amount, and a Japanese licence is enough at home", () => {
    const ko = text("ko", { ...FACTS, bring: { papers: ["licence"], oneOf: false } });
    expect(ko).toContain("탑승 인원: 3명");
    expect(ko).toContain("- 출발 당일: 합계의 100%");
    expect(ko).toContain("운전면허증(원본, 유효기간 내)");
    expect(ko).not.toMatch(/\d(을|를|으로|로|이|가)[\s(]/);
    expect(ko).not.toContain("여권");
    const tw = text("zh-TW");
    expect(tw).toContain("乘車人數：3人");
    expect(tw).toContain("・出發當天：合計的 100%");
  });

  it("a class without a damage waiver and a site without NOC say nothing of them; no schedule: cancelling is free", () => {
    for (const locale of LOCALES) {
      const mail = text(locale, {
        ...FACTS,
        passengers: null,
        damageWaiver: null,
        noc: { drivable: 0, notDrivable: 0, coveredBy: null },
        cancellationFees: [],
      });
      expect(mail).not.toContain("CDW");
      expect(mail).not.toContain("NOC");
      expect(mail).toContain(words(locale).t("cancelConfirm.ruleNone"));
      expect(mail).toContain(words(locale).t("facts.passengersUnset"));
      expect(mail).not.toMatch(/\{\w+\}/);
    }
  });

  it("an option that covers the NOC is named among what the total includes, and no NOC amount is stated", () => {
    for (const locale of LOCALES) {
      const mail = text(locale, { ...FACTS, noc: { ...FACTS.noc, coveredBy: "Safety pack" } });
      expect(mail).toContain(words(locale).t("facts.nocCovered", { option: "Safety pack" }));
      expect(mail).not.toContain(formatYen(50_000, locale));
      expect(mail).not.toMatch(/\{\w+\}/);
    }
    expect(text("en", FACTS)).toContain(formatYen(50_000, "en"));
  });

  it("the cancellation mail's rule is the same lines", () => {
    const rule = ruleMailLines(FACTS, words("ja"));
    expect(rule[0]).toBe("■キャンセル規定");
    for (const line of rule.slice(1)) expect(text("ja")).toContain(line);
  });
});
