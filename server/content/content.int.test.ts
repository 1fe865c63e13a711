import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, customPages, seoSettings, siteNews, topInfos } from "#server/db/schema";
import { AppError } from "#server/errors";
import { loadSiteBundle } from "#server/sites/site-bundle";
import type { Actor } from "#server/staff/permissions";
import { makeSite } from "#tests/fixtures/sites";
import { actorAs, MANAGER, OWNER, parsed, READ_ONLY } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { CustomPageSchema, NewsSchema, SeoSchema, TopTextSchema } from "./content.schema";
import { createCustomPage, deleteCustomPage, getCustomPage, listCustomPages, updateCustomPage } from "./custom-pages";
import { createNews, deleteNews, getNews, listNews, updateNews } from "./news";
import { getSeoSetting, listSeoKinds, updateSeoSetting } from "./seo";
import { getTopText, updateTopText } from "./top-text";

let handle: TestDb;
let siteId: string;
let otherSiteId: string;
let storeId: number;
const STORE_STAFF = () => actorAs("store_staff", [storeId], 904);

beforeAll(async () => {
  handle = await createTestDb();
  const site = await makeSite(handle.owner, {
    settings: { siteTitle: "テスト", supportedLanguages: "jp,en", priceListPageUrl: "pricelist" },
  });
  siteId = site.siteId;
  storeId = site.storeIds[0] ?? 0;
  otherSiteId = (await makeSite(handle.owner)).siteId;
});
afterAll(() => handle.close());

/** The error a call fails with: its status and, for a refused form, the field's reason code. */
async function failure(
  promise: Promise<unknown>,
): Promise<{ status: number; code: string | undefined; fields: Record<string, string> }> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const fields = Object.fromEntries(Object.entries(error.details.fieldErrors ?? {}).map(([k, v]) => [k, v.code]));
    return { status: error.status, code: error.details.reason?.code, fields };
  }
  throw new Error("expected a refusal");
}

async function lastAudit(site = siteId) {
  const [row] = await handle
    .forSite(site)
    .select()
    .from(auditLog)
    .where(eq(auditLog.siteId, site))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

const pageInput = (overrides: Record<string, string> = {}) =>
  parsed(CustomPageSchema, {
    page_url: "access",
    page_title: "アクセス",
    page_title_en: "Access",
    page_contents: "## 行き方\n\n空港から10分。",
    display_order: "5",
    ...overrides,
  });

describe("custom pages", () => {
  it("an owner creates a page that the public site lists, and the audit log holds what was created", async () => {
    const { pageId } = await createCustomPage(handle.forSite(siteId), siteId, OWNER, pageInput());
    const list = await listCustomPages(handle.forSite(siteId), siteId, READ_ONLY);
    expect(list.pages).toEqual([{ id: pageId, pageUrl: "access", pageTitle: "アクセス", displayOrder: 5 }]);
    expect(list.priceListPageUrl).toBe("pricelist");
    const bundle = await loadSiteBundle(handle.forSite(siteId), siteId);
    expect(bundle?.customPages.map((p) => [p.pageUrl, p.pageTitleEn, p.pageTitleKr])).toEqual([
      ["access", "Access", null],
    ]);
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      action: "custom_page.create",
      entity: "custom_page",
      entityId: String(pageId),
      staffId: OWNER.staffId,
      before: null,
    });
    expect(audit?.after).toMatchObject({
      pageUrl: "access",
      pageTitle: "アクセス",
      pageTitleEn: "Access",
      displayOrder: 5,
    });
  });

  it("refuses an address another page of the site has (the unique index judges), but not one of another site", async () => {
    const refused = await failure(
      createCustomPage(handle.forSite(siteId), siteId, OWNER, pageInput({ page_title: "別" })),
    );
    expect(refused).toMatchObject({ status: 422, fields: { page_url: "slug_taken" } });
    await createCustomPage(handle.forSite(otherSiteId), otherSiteId, OWNER, pageInput());
    const { pageId } = await createCustomPage(handle.forSite(siteId), siteId, MANAGER, pageInput({ page_url: "faq" }));
    const renamed = await failure(
      updateCustomPage(handle.forSite(siteId), siteId, OWNER, pageId, pageInput({ page_url: "access" })),
    );
    expect(renamed.fields).toEqual({ page_url: "slug_taken" });
    expect((await getCustomPage(handle.forSite(siteId), siteId, OWNER, pageId)).pageUrl).toBe("faq");
  });

  it("refuses an address that is not a slug, and a page without a Japanese title, in the schema", () => {
    for (const url of ["Access", "-faq", "a b", "ページ", "faq/1", ""]) {
      const result = CustomPageSchema.safeParse({ page_url: url, page_title: "x", display_order: "0" });
      expect(result.success, url).toBe(false);
      expect(result.error?.issues[0]?.message, url).toBe(url ? "slug_invalid" : "required");
    }
    const noTitle = CustomPageSchema.safeParse({ page_url: "ok_1-a", page_title: "", display_order: "0" });
    expect(noTitle.error?.issues.map((i) => [i.path[0], i.message])).toEqual([["page_title", "required"]]);
  });

  it("records only what changed, and a new address takes the page's SEO setting with it", async () => {
    const { pageId } = await createCustomPage(handle.forSite(siteId), siteId, OWNER, pageInput({ page_url: "guide" }));
    await updateSeoSetting(
      handle.forSite(siteId),
      siteId,
      OWNER,
      "custom_page:guide",
      parsed(SeoSchema, { page_title: "ご利用ガイド｜テスト" }),
    );
    await updateCustomPage(
      handle.forSite(siteId),
      siteId,
      MANAGER,
      pageId,
      pageInput({ page_url: "howto", page_title_en: "" }),
    );
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "custom_page.update", entityId: String(pageId), staffId: MANAGER.staffId });
    expect(audit?.before).toEqual({ pageUrl: "guide", pageTitleEn: "Access" });
    expect(audit?.after).toEqual({ pageUrl: "howto", pageTitleEn: null });
    const kinds = await handle
      .forSite(siteId)
      .select({ kind: seoSettings.pageKind })
      .from(seoSettings)
      .where(eq(seoSettings.siteId, siteId));
    expect(kinds.map((k) => k.kind)).toEqual(["custom_page:howto"]);

    await updateCustomPage(
      handle.forSite(siteId),
      siteId,
      MANAGER,
      pageId,
      pageInput({ page_url: "howto", page_title_en: "" }),
    );
    expect((await lastAudit())?.id).toBe(audit?.id);
  });

  it("deletes a page with its SEO setting and records what it was", async () => {
    const { pageId } = await createCustomPage(handle.forSite(siteId), siteId, OWNER, pageInput({ page_url: "gone" }));
    await updateSeoSetting(
      handle.forSite(siteId),
      siteId,
      OWNER,
      "custom_page:gone",
      parsed(SeoSchema, { description: "x" }),
    );
    await deleteCustomPage(handle.forSite(siteId), siteId, OWNER, pageId);
    expect(
      await handle
        .forSite(siteId)
        .select()
        .from(seoSettings)
        .where(and(eq(seoSettings.siteId, siteId), eq(seoSettings.pageKind, "custom_page:gone"))),
    ).toEqual([]);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "custom_page.delete", entityId: String(pageId), after: null });
    expect(audit?.before).toMatchObject({ pageUrl: "gone", pageTitle: "アクセス" });
  });

  it("answers 404 for another site's page, whatever is asked of it", async () => {
    const [other] = await handle
      .forSite(otherSiteId)
      .select()
      .from(customPages)
      .where(eq(customPages.siteId, otherSiteId));
    const id = other?.id ?? 0;
    for (const call of [
      () => getCustomPage(handle.forSite(siteId), siteId, OWNER, id),
      () => updateCustomPage(handle.forSite(siteId), siteId, OWNER, id, pageInput({ page_url: "taken-over" })),
      () => deleteCustomPage(handle.forSite(siteId), siteId, OWNER, id),
    ]) {
      expect((await failure(call())).status).toBe(404);
    }
    const [still] = await handle.forSite(otherSiteId).select().from(customPages).where(eq(customPages.id, id));
    expect(still?.pageUrl).toBe("access");
  });

  it("lets read-only and store staff read pages but not change them", async () => {
    const [page] = (await listCustomPages(handle.forSite(siteId), siteId, STORE_STAFF())).pages;
    const id = page?.id ?? 0;
    for (const actor of [READ_ONLY, STORE_STAFF()] as Actor[]) {
      expect((await getCustomPage(handle.forSite(siteId), siteId, actor, id)).id).toBe(id);
      for (const call of [
        () => createCustomPage(handle.forSite(siteId), siteId, actor, pageInput({ page_url: `by-${actor.role}` })),
        () => updateCustomPage(handle.forSite(siteId), siteId, actor, id, pageInput({ page_url: "x" })),
        () => deleteCustomPage(handle.forSite(siteId), siteId, actor, id),
      ]) {
        expect(await failure(call())).toMatchObject({ status: 403, code: "forbidden" });
      }
    }
  });
});

describe("top page text", () => {
  it("starts empty, is saved in four languages, and each save records only what changed", async () => {
    expect(await getTopText(handle.forSite(siteId), siteId, READ_ONLY)).toEqual({
      pageEditTop: "",
      pageEditTopEn: null,
      pageEditTopKr: null,
      pageEditTopTw: null,
    });
    await updateTopText(
      handle.forSite(siteId),
      siteId,
      OWNER,
      parsed(TopTextSchema, { page_edit_top: "ようこそ", page_edit_top_en: "Welcome" }),
    );
    expect(await lastAudit()).toMatchObject({
      action: "top_text.update",
      entity: "top_info",
      before: { pageEditTop: "", pageEditTopEn: null },
      after: { pageEditTop: "ようこそ", pageEditTopEn: "Welcome" },
    });
    await updateTopText(
      handle.forSite(siteId),
      siteId,
      MANAGER,
      parsed(TopTextSchema, { page_edit_top: "ようこそ", page_edit_top_en: "Hello" }),
    );
    expect(await lastAudit()).toMatchObject({
      before: { pageEditTopEn: "Welcome" },
      after: { pageEditTopEn: "Hello" },
    });
    expect((await loadSiteBundle(handle.forSite(siteId), siteId))?.topInfo?.pageEditTopEn).toBe("Hello");
    const [other] = await handle.forSite(otherSiteId).select().from(topInfos).where(eq(topInfos.siteId, otherSiteId));
    expect(other?.pageEditTop ?? "").toBe("");
  });

  it("keeps the hero image of the row, and refuses read-only and store staff", async () => {
    await handle.owner.update(topInfos).set({ siteImagePath: "/media/hero.webp" }).where(eq(topInfos.siteId, siteId));
    await updateTopText(handle.forSite(siteId), siteId, OWNER, parsed(TopTextSchema, { page_edit_top: "新しい文" }));
    const [row] = await handle.forSite(siteId).select().from(topInfos).where(eq(topInfos.siteId, siteId));
    expect(row).toMatchObject({ siteImagePath: "/media/hero.webp", pageEditTop: "新しい文", pageEditTopEn: null });
    for (const actor of [READ_ONLY, STORE_STAFF()]) {
      const refused = await failure(
        updateTopText(handle.forSite(siteId), siteId, actor, parsed(TopTextSchema, { page_edit_top: "x" })),
      );
      expect(refused.status).toBe(403);
    }
  });

  it("refuses a text over its limit", () => {
    const result = TopTextSchema.safeParse({ page_edit_top_kr: "가".repeat(10_001) });
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([["page_edit_top_kr", "text_too_long"]]);
  });
});

describe("news", () => {
  const item = (date: string, title: string, extra: Record<string, string> = {}) =>
    parsed(NewsSchema, { published_on: date, title, ...extra });

  it("lists the newest first and marks the five the public top shows", async () => {
    const ids: number[] = [];
    for (const [i, date] of [
      "2026-01-01",
      "2026-03-01",
      "2026-02-01",
      "2026-05-01",
      "2026-04-01",
      "2026-06-01",
    ].entries()) {
      ids.push(
        (await createNews(handle.forSite(siteId), siteId, i % 2 ? MANAGER : OWNER, item(date, `お知らせ${i}`))).newsId,
      );
    }
    const list = await listNews(handle.forSite(siteId), siteId, READ_ONLY);
    expect(list.map((n) => [n.publishedOn, n.onTop])).toEqual([
      ["2026-06-01", true],
      ["2026-05-01", true],
      ["2026-04-01", true],
      ["2026-03-01", true],
      ["2026-02-01", true],
      ["2026-01-01", false],
    ]);
    const top = (await loadSiteBundle(handle.forSite(siteId), siteId))?.news.map((n) => n.id);
    expect(top).toEqual(list.filter((n) => n.onTop).map((n) => n.id));
    expect(await lastAudit()).toMatchObject({ action: "news.create", entity: "news", entityId: String(ids[5]) });
  });

  it("saves a change field by field in the audit log, and deletes with what was deleted", async () => {
    const { newsId } = await createNews(
      handle.forSite(siteId),
      siteId,
      OWNER,
      item("2026-07-01", "夏の営業", { body: "本文" }),
    );
    await updateNews(
      handle.forSite(siteId),
      siteId,
      OWNER,
      newsId,
      item("2026-07-02", "夏の営業", { body: "本文", title_en: "Summer" }),
    );
    expect(await lastAudit()).toMatchObject({
      action: "news.update",
      before: { publishedOn: "2026-07-01", titleEn: null },
      after: { publishedOn: "2026-07-02", titleEn: "Summer" },
    });
    expect((await getNews(handle.forSite(siteId), siteId, READ_ONLY, newsId)).titleEn).toBe("Summer");
    await deleteNews(handle.forSite(siteId), siteId, MANAGER, newsId);
    expect(await lastAudit()).toMatchObject({ action: "news.delete", before: { title: "夏の営業", body: "本文" } });
    expect((await failure(getNews(handle.forSite(siteId), siteId, OWNER, newsId))).status).toBe(404);
  });

  it("answers 404 for another site's item and 403 for read-only and store staff", async () => {
    const { newsId } = await createNews(handle.forSite(otherSiteId), otherSiteId, OWNER, item("2026-01-10", "他社"));
    for (const call of [
      () => getNews(handle.forSite(siteId), siteId, OWNER, newsId),
      () => updateNews(handle.forSite(siteId), siteId, OWNER, newsId, item("2026-01-10", "乗っ取り")),
      () => deleteNews(handle.forSite(siteId), siteId, OWNER, newsId),
    ]) {
      expect((await failure(call())).status).toBe(404);
    }
    const [kept] = await handle.forSite(otherSiteId).select().from(siteNews).where(eq(siteNews.id, newsId));
    expect(kept?.title).toBe("他社");
    for (const actor of [READ_ONLY, STORE_STAFF()]) {
      expect((await failure(createNews(handle.forSite(siteId), siteId, actor, item("2026-01-10", "x")))).status).toBe(
        403,
      );
    }
  });

  it("needs a date that exists and a Japanese title", () => {
    const issues = (v: Record<string, string>) =>
      NewsSchema.safeParse(v).error?.issues.map((i) => [i.path[0], i.message]);
    expect(issues({ published_on: "", title: "" })).toEqual([
      ["published_on", "required"],
      ["title", "required"],
    ]);
    expect(issues({ published_on: "2026-02-30", title: "x" })).toEqual([["published_on", "date_invalid"]]);
    expect(NewsSchema.safeParse({ published_on: "2026/02/28", title: "x" }).data?.published_on).toBe("2026-02-28");
  });
});

describe("SEO settings", () => {
  it("lists the page kinds of the public head, then each custom page's", async () => {
    const kinds = await listSeoKinds(handle.forSite(siteId), siteId, READ_ONLY);
    expect(kinds.slice(0, 6).map((k) => k.kind)).toEqual([
      "top",
      "reserve",
      "car_type",
      "fee",
      "store",
      "store_detail",
    ]);
    expect(kinds.slice(6).map((k) => k.kind)).toEqual(
      expect.arrayContaining(["custom_page:access", "custom_page:faq", "custom_page:howto"]),
    );
    expect(kinds.find((k) => k.kind === "custom_page:howto")?.setting?.title).toBe("ご利用ガイド｜テスト");
  });

  it("saves a kind in four languages, records the change, and clears it when every field is empty", async () => {
    await updateSeoSetting(
      handle.forSite(siteId),
      siteId,
      MANAGER,
      "fee",
      parsed(SeoSchema, { page_title: "料金｜テスト", description_en: "Our rates" }),
    );
    expect(await lastAudit()).toMatchObject({
      action: "seo.update",
      entity: "seo_setting",
      entityId: "fee",
      before: {},
      after: { pageTitle: "料金｜テスト", descriptionEn: "Our rates" },
    });
    const bundle = await loadSiteBundle(handle.forSite(siteId), siteId);
    expect(bundle?.seo.find((s) => s.pageKind === "fee")).toMatchObject({
      pageTitle: "料金｜テスト",
      descriptionEn: "Our rates",
    });
    expect((await getSeoSetting(handle.forSite(siteId), siteId, READ_ONLY, "fee")).row?.pageTitle).toBe("料金｜テスト");

    await updateSeoSetting(handle.forSite(siteId), siteId, OWNER, "fee", parsed(SeoSchema, {}));
    expect(await lastAudit()).toMatchObject({ action: "seo.clear", entityId: "fee", after: null });
    expect((await lastAudit())?.before).toMatchObject({ pageTitle: "料金｜テスト", descriptionEn: "Our rates" });
    expect((await getSeoSetting(handle.forSite(siteId), siteId, OWNER, "fee")).row).toBeNull();
  });

  it("answers 404 for a kind that is no page, and another site's custom page", async () => {
    for (const kind of ["nonsense", "custom_page:none", "custom_page:", "account"]) {
      expect((await failure(getSeoSetting(handle.forSite(siteId), siteId, OWNER, kind))).status, kind).toBe(404);
      expect(
        (
          await failure(
            updateSeoSetting(handle.forSite(siteId), siteId, OWNER, kind, parsed(SeoSchema, { page_title: "x" })),
          )
        ).status,
      ).toBe(404);
    }
    await createCustomPage(handle.forSite(otherSiteId), otherSiteId, OWNER, pageInput({ page_url: "only-there" }));
    expect((await failure(getSeoSetting(handle.forSite(siteId), siteId, OWNER, "custom_page:only-there"))).status).toBe(
      404,
    );
  });

  it("refuses read-only and store staff, and over-long texts", async () => {
    for (const actor of [READ_ONLY, STORE_STAFF()]) {
      const refused = await failure(
        updateSeoSetting(handle.forSite(siteId), siteId, actor, "top", parsed(SeoSchema, { page_title: "x" })),
      );
      expect(refused).toMatchObject({ status: 403, code: "forbidden" });
    }
    const result = SeoSchema.safeParse({ page_title_tw: "x".repeat(201), description: "y".repeat(501) });
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["page_title_tw", "text_too_long"],
      ["description", "text_too_long"],
    ]);
  });
});
