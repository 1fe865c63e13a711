import type { Page } from "@playwright/test";
import { type AdminLang, adminLogin, STAFF } from "./admin-helpers";
import { E2E_SEARCH } from "./admin-sites";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Issue 41 item 2 on e2e-search (tests/e2e/setup-data.ts): 山田 花子's booking is stored with a
 * hiragana reading and 090-1234-5678, 鈴木 一郎's with 09087654321. Staff find them however they
 * type: katakana without the space, half-width kana, kanji without the space, romaji, a phone with
 * or without hyphens, a reservation number in lower case; and the header's box leads there.
 */

const { siteId, hanako, ichiro, memberName } = E2E_SEARCH;
const owner = STAFF.owner(siteId);
const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1366, height: 768 },
] as const;
const TEXT = {
  ja: { noReservations: "該当する予約はありません。", noMembers: "該当する会員はいません。", store: "那覇空港店" },
  en: { noReservations: "No reservation matches.", noMembers: "No member matches.", store: "Naha Airport" },
} as const;

/** The reservation numbers the search page lists for `q`. */
async function search(page: Page, q: string): Promise<string[]> {
  await page.goto(`/admin/${siteId}/search?${new URLSearchParams({ q })}`);
  await expect(page.getByTestId("found-reservations")).toBeVisible();
  return page
    .getByTestId("found-reservation")
    .evaluateAll((links) => links.map((a) => a.getAttribute("data-reserve-no") ?? ""));
}

for (const lang of ["ja", "en"] as const satisfies readonly AdminLang[]) {
  for (const vp of VIEWPORTS) {
    test(`a booking is found however its name or phone is typed, and opens from the result (${lang}, ${vp.name})`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width: vp.width, height: vp.height });
      await adminLogin(page, owner, lang);

      // The name: stored as 山田 花子 with the reading やまだ はなこ.
      for (const q of ["ヤマダハナコ", "ﾔﾏﾀﾞ ﾊﾅｺ", "山田花子", "yamada hanako", "ＨＡＮＡＫＯ"])
        expect(await search(page, q), q).toEqual([hanako]);
      // やまだ also finds the member 山田 太郎 (reading やまだ たろう), not the other booking.
      expect(await search(page, "ヤマダ")).toEqual([hanako]);
      await expect(page.getByTestId("found-member")).toHaveCount(1);
      await expect(page.getByTestId("found-member")).toContainText(memberName);

      // The phone, stored with hyphens for 花子 and without for 一郎: found either way typed.
      for (const q of ["090-1234-5678", "09012345678", "+81 90 1234 5678"])
        expect(await search(page, q), q).toEqual([hanako]);
      for (const q of ["090-8765-4321", "０９０８７６５４３２１"]) expect(await search(page, q), q).toEqual([ichiro]);

      // A reservation number, typed in lower case: the result names the store and opens the booking.
      expect(await search(page, ichiro.toLowerCase())).toEqual([ichiro]);
      const result = page.getByTestId("found-reservation");
      await expect(result).toContainText("鈴木 一郎");
      await expect(result).toContainText(TEXT[lang].store);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page);
      await result.click();
      await expect(page).toHaveURL(new RegExp(`/admin/${siteId}/reservations/${ichiro}$`));
      await expect(page.getByTestId("page-title")).toContainText(ichiro);
    });
  }

  test(`the header's search box leads to the results; nothing found says so (${lang})`, async ({ page }) => {
    await adminLogin(page, owner, lang);
    const box = page.getByTestId("admin-search-input");
    await expect(box).toHaveAttribute("name", "q");
    await box.fill("やまだ");
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/admin/${siteId}/search\\?q=`));
    await expect(page.getByTestId("found-reservation")).toHaveCount(1);
    await expect(page.getByTestId("found-reservation")).toHaveAttribute("data-reserve-no", hanako);
    await expect(page.getByTestId("found-member")).toHaveCount(1);

    // Neither a booking nor a member: both lists say so, and the query stays in the box to correct.
    await page.getByTestId("admin-search-input").fill("たなか");
    await page.getByTestId("admin-search-input").press("Enter");
    await expect(page.getByTestId("no-reservations")).toHaveText(TEXT[lang].noReservations);
    await expect(page.getByTestId("no-members")).toHaveText(TEXT[lang].noMembers);
    await expect(page.getByTestId("found-reservation")).toHaveCount(0);
    await expect(page.getByTestId("staff-search").locator('input[name="q"]')).toHaveValue("たなか");
    await expectAccessible(page);
  });
}
