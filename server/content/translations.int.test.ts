import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customPages, siteNews } from "#server/db/schema";
import { makeSite } from "#tests/fixtures/sites";
import { READ_ONLY } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { untranslatedTexts } from "./translations";

/** What is left to translate, per language the site serves, read as the app role (issue 41). */

let handle: TestDb;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

describe("untranslated texts", () => {
  it("lists, for each language the site serves, the Japanese texts with no translation", async () => {
    const site = await makeSite(handle.owner, {
      settings: { siteTitle: "さくらレンタカー", siteTitleEn: "Sakura Rent-a-Car", supportedLanguages: "jp,en,kr" },
      stores: [
        {
          storeName: "那覇空港店",
          storeNameEn: "Naha Airport",
          storeNameKr: "나하 공항점",
          tel: "098-000-0000",
          access: "空港から5分",
        },
        { storeName: "石垣店", tel: "0980-00-0000" },
      ],
      catalogue: {
        classes: [{ key: "c", className: "コンパクト", classNameEn: "Compact", classNameKr: "컴팩트" }],
        carTypes: [{ key: "t", classKey: "c", typeName: "アクア", typeNameEn: "Aqua", capacity: 5 }],
        vehicles: [],
        options: [{ optionName: "チャイルドシート", optionNameEn: "Child seat", optionNameKr: "", price: 500 }],
      },
    });
    const [news] = await handle.owner
      .insert(siteNews)
      .values({
        siteId: site.siteId,
        publishedOn: "2026-12-01",
        title: "年末年始の営業",
        titleEn: "New Year hours",
        body: "",
      })
      .returning();
    await handle.owner
      .insert(customPages)
      .values({ siteId: site.siteId, pageUrl: "faq", pageTitle: "よくある質問", pageContents: "<p>回答</p>" });

    const gaps = await untranslatedTexts(handle.forSite(site.siteId), site.siteId, READ_ONLY);
    expect(gaps.map((g) => g.locale)).toEqual(["en", "ko"]);
    const listed = (locale: string) =>
      gaps.find((g) => g.locale === locale)?.items.map((i) => `${i.kind}:${i.name}:${i.field}`) ?? [];
    expect(listed("en")).toEqual([
      "store:那覇空港店:access",
      "store:石垣店:storeName",
      "page:よくある質問:pageTitle",
      "page:よくある質問:pageContents",
    ]);
    expect(listed("ko")).toEqual([
      "site:さくらレンタカー:siteTitle",
      "store:那覇空港店:access",
      "store:石垣店:storeName",
      "carType:アクア:typeName",
      "option:チャイルドシート:optionName",
      `news:年末年始の営業:title`,
      "page:よくある質問:pageTitle",
      "page:よくある質問:pageContents",
    ]);
    const store = gaps[0]?.items.find((i) => i.field === "storeName");
    expect(store).toMatchObject({ kind: "store", id: site.storeIds[1], ja: "石垣店" });
    expect(gaps[1]?.items.find((i) => i.kind === "news")?.id).toBe(news?.id);
  });

  it("has nothing to list for a Japanese-only site", async () => {
    const site = await makeSite(handle.owner, { settings: { siteTitle: "日本語のみ", supportedLanguages: "jp" } });
    expect(await untranslatedTexts(handle.forSite(site.siteId), site.siteId, READ_ONLY)).toEqual([]);
  });
});
