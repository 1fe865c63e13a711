import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type RuleLine, ruleLines, ruleLineText } from "#app/components/reservation/cancel-rule";
import { CATALOGUES, type MessageKey, translate } from "#app/i18n/messages";
import { LOCALES, pickLang } from "#common/locales";
import { cancellationFee } from "#server/counter/cancellation-fee";
import { demoSites } from "#server/db/seed/demo-sites";
import type { SiteBundle } from "#server/sites/site-bundle";
import { CANCELLATION_RULE_MARKER, withSiteRules } from "./content.server";

/** Whether a line of the schedule covers cancelling `days` days before the departure day. */
function covers(line: RuleLine, days: number): boolean {
  switch (line.kind) {
    case "today":
      return days === 0;
    case "day":
      return days === line.days;
    case "upTo":
      return days <= line.to;
    case "range":
      return days >= line.from && days <= line.to;
    case "earlier":
      return days > line.days;
  }
}

const DAY = 86_400_000;

describe("the cancellation rule as written and as charged (issue 40)", () => {
  it("every day before departure: the rule's line says the percent cancellationFee() keeps", () => {
    const steps = fc.uniqueArray(
      fc.record({ daysBefore: fc.integer({ min: 0, max: 30 }), percent: fc.integer({ min: 0, max: 100 }) }),
      {
        selector: (s) => s.daysBefore,
        maxLength: 5,
      },
    );
    fc.assert(
      fc.property(steps, fc.integer({ min: 0, max: 40 }), (schedule, days) => {
        const startAt = new Date("2027-03-20T01:00:00Z");
        const fee = cancellationFee({
          total: 10_000,
          steps: schedule,
          startAt,
          now: new Date(startAt.getTime() - days * DAY),
          timeZone: "Asia/Tokyo",
        });
        const lines = ruleLines(schedule).filter((l) => covers(l, days));
        if (!schedule.length) {
          expect(lines).toEqual([]);
          return;
        }
        expect(lines).toHaveLength(1);
        expect(lines[0]?.percent).toBe(fee.percent);
      }),
    );
  });

  it("the demo FAQs state the site's own schedule, in every language, and no other fee", () => {
    const today = new Date();
    for (const site of demoSites(today)) {
      for (const page of site.customPages ?? []) {
        for (const locale of LOCALES) {
          const written = pickLang(page as never, "pageContents", locale) as string;
          if (!/キャンセル料|cancellation fee|取消.*費用|취소 수수료/i.test(written)) continue;
          // A page that speaks of the fee takes the rule from the setting, never its own table.
          expect(written, `${site.siteId}/${page.pageUrl} (${locale})`).toContain(CANCELLATION_RULE_MARKER);
          const settings = { cancellationFees: site.settings.cancellationFees ?? [] } as SiteBundle["settings"];
          const shown = withSiteRules(written, { settings }, locale);
          const t = (key: MessageKey, params?: Record<string, string | number>) =>
            translate(CATALOGUES[locale], key, params);
          const rows = ruleLines(settings.cancellationFees).map((l) => `| ${ruleLineText(t, l).join(" | ")} |`);
          for (const row of rows) expect(shown).toContain(row);
          // The only percentages on the page are the schedule's.
          const percents = [...shown.matchAll(/(\d+)\s*%/g)].map((m) => Number(m[1]));
          expect(new Set(percents)).toEqual(new Set(settings.cancellationFees.map((s) => s.percent)));
        }
      }
    }
  });

  it("a page without the marker is left as written", () => {
    const settings = { cancellationFees: [{ daysBefore: 0, percent: 100 }] } as SiteBundle["settings"];
    expect(withSiteRules("## Q\n\nText", { settings }, "en")).toBe("## Q\n\nText");
    expect(withSiteRules(CANCELLATION_RULE_MARKER, { settings }, "en")).toContain(
      "| On the day of departure | 100% of the total |",
    );
    expect(withSiteRules(CANCELLATION_RULE_MARKER, { settings: { cancellationFees: [] } as never }, "ko")).toBe(
      "취소 수수료가 없습니다.",
    );
  });
});
