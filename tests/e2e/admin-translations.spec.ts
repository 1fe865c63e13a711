import type { Page } from "@playwright/test";
import { type AdminLang, adminLogin, field, STAFF, setAdminLanguage } from "./admin-helpers";
import { E2E_TRANSLATIONS } from "./admin-sites";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Issue 41 item 7 on e2e-translations (tests/e2e/setup-data.ts), a site in Japanese and English:
 * the translations page lists the class and the option that have no English name (not the store or
 * the car type, which have theirs). Saving an English name takes it off the list, and the English
 * back office then shows that name, without the JA mark it carried before. Each language's test
 * translates its own record, so the two may run side by side.
 */

const { siteId, className, optionName } = E2E_TRANSLATIONS;
const CASES = [
  {
    lang: "ja",
    viewport: { width: 390, height: 844 },
    record: className,
    english: "Minivan",
    list: "/classes",
    table: "classes-table",
    input: "class_name_en",
  },
  {
    lang: "en",
    viewport: { width: 1366, height: 768 },
    record: optionName,
    english: "Child seat",
    list: "/options",
    table: "options-table",
    input: "option_name_en",
  },
] as const;

/** The row of a back-office list that names `name`. */
const rowOf = (page: Page, table: string, name: string) =>
  page.getByTestId(table).getByTestId("row").filter({ hasText: name });

for (const c of CASES) {
  test(`saving a missing English name takes it off the translations page and the English back office shows it unmarked (${c.lang})`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(c.viewport);
    // Before: the English list shows the Japanese name, marked as untranslated.
    await adminLogin(page, STAFF.owner(siteId), "en");
    await page.goto(`/admin/${siteId}${c.list}`);
    await expect(rowOf(page, c.table, c.record).getByTestId("untranslated")).toHaveCount(1);

    await setAdminLanguage(page, c.lang as AdminLang);
    await page.goto(`/admin/${siteId}/settings`);
    await page.getByTestId("translations-link").click();
    await expect(page).toHaveURL(new RegExp(`/admin/${siteId}/translations$`));
    const english = page.getByTestId("untranslated-en");
    await expect(english).toContainText(c.record);
    // What has its English name is not listed.
    for (const done of ["本店", "セレナ"])
      await expect(english.getByTestId("row").filter({ hasText: done })).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    // The row's link opens the record's form, where the English name is written and saved.
    await english.getByTestId("row").filter({ hasText: c.record }).getByRole("link").click();
    await expect(field(page, c.input)).toBeVisible();
    await field(page, c.input).fill(c.english);
    await page.getByTestId("save").click();
    // Saved in place: the form stays open with the name kept.
    await expect(page.getByTestId("flash")).toBeVisible();
    await expect(field(page, c.input)).toHaveValue(c.english);

    await page.goto(`/admin/${siteId}/translations`);
    await expect(page.getByTestId("untranslated-en")).not.toContainText(c.record);

    // The English back office now names it in English, with no JA mark.
    await setAdminLanguage(page, "en");
    await page.goto(`/admin/${siteId}${c.list}`);
    const row = rowOf(page, c.table, c.english);
    await expect(row).toHaveCount(1);
    await expect(row).not.toContainText(c.record);
    await expect(row.getByTestId("untranslated")).toHaveCount(0);
    await expectAccessible(page);
  });
}
