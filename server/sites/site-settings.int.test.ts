import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, siteLogos, siteSettings, siteTrackings } from "#server/db/schema";
import { parseMediaPath } from "#server/media/images";
import type { Actor, StaffRole } from "#server/staff/permissions";
import { type BlobStore, createDiskBlobStore } from "#server/uploads/blob-store";
import { refusal } from "#tests/fixtures/refusal";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { readSiteConfigVersion } from "./site-bundle";
import { getSiteSettings, getTheme, updateSiteSettings, updateTheme } from "./site-settings";
import {
  type SiteSettingsInput,
  SiteSettingsSchema,
  siteSettingsFormValues,
  ThemeSchema,
} from "./site-settings.schema";

let handle: TestDb;
let siteId: string;
let otherSiteId: string;
let media: BlobStore;

const actor = (role: StaffRole, storeIds: number[] = []): Actor => ({
  id: 7,
  email: `${role}@example.com`,
  role,
  storeIds,
  staffId: 7,
  name: `${role}@example.com`,
});
const owner = actor("owner");
const manager = actor("manager");

beforeAll(async () => {
  handle = await createTestDb();
  siteId = (await makeSite(handle.owner)).siteId;
  otherSiteId = (await makeSite(handle.owner, { tracking: { gaTrackingCode: "G-OTHER", gtmContainerId: null } }))
    .siteId;
  media = createDiskBlobStore(mkdtempSync(path.join(tmpdir(), "settings-media-")));
});
afterAll(() => handle.close());

/** The settings form as the page sends it, from what is stored, with some fields changed. */
async function settingsInput(
  site: string,
  changes: Record<string, string | string[]> = {},
): Promise<SiteSettingsInput> {
  const { values, lists } = siteSettingsFormValues(await getSiteSettings(handle.forSite(site), site, owner));
  const parsed = SiteSettingsSchema.safeParse({ ...values, ...lists, ...changes });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

const settingsRow = async (site = siteId) =>
  (await handle.forSite(site).select().from(siteSettings).where(eq(siteSettings.siteId, site)))[0]!;
const lastAudit = async (action: string, site = siteId) =>
  (
    await handle
      .forSite(site)
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.siteId, site), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

const png = (width: number, height: number, alpha = 1) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 80, b: 160, alpha } } })
    .png()
    .toBuffer();
const file = (bytes: Uint8Array, name: string, type: string) =>
  new File([bytes as Uint8Array<ArrayBuffer>], name, { type });

describe("site settings", () => {
  it("saves every field, records only what changed with before and after, and bumps the site version", async () => {
    const versionBefore = await readSiteConfigVersion(handle.forSite(siteId), siteId);
    const input = await settingsInput(siteId, {
      site_title: "港レンタカー",
      site_title_en: "Harbour Rent-a-Car",
      languages: ["tw", "en"],
      public_status: "2",
      web_reserve_accepting: "0",
      triangle_car_number: "3",
      no_reserve_car_calendar_mark: "満",
      default_rental_period_slug: "03",
      embed_origins: "https://WWW.Example.com/\nhttp://localhost:*",
      ga_tracking_code: "G-HARBOUR1",
    });
    await updateSiteSettings(handle.forSite(siteId), siteId, manager, input);
    const row = await settingsRow();
    expect(row).toMatchObject({
      siteTitle: "港レンタカー",
      siteTitleEn: "Harbour Rent-a-Car",
      siteTitleKr: null,
      supportedLanguages: "jp,en,tw",
      publicStatus: 2,
      webReserveAccepting: false,
      triangleCarNumber: 3,
      noReserveCarCalendarMark: "満",
      defaultRentalPeriodSlug: "03",
      embedOrigins: ["https://www.example.com", "http://localhost:*"],
    });
    const [tracking] = await handle
      .forSite(siteId)
      .select()
      .from(siteTrackings)
      .where(eq(siteTrackings.siteId, siteId));
    expect(tracking).toMatchObject({ gaTrackingCode: "G-HARBOUR1", gtmContainerId: null });
    expect(await readSiteConfigVersion(handle.forSite(siteId), siteId)).toBeGreaterThan(versionBefore ?? 0);

    const entry = await lastAudit("site.settings.update");
    expect(entry).toMatchObject({
      staffId: 7,
      actor: "manager@example.com",
      entity: "site_settings",
      entityId: siteId,
    });
    expect(entry?.after).toEqual({
      siteTitle: "港レンタカー",
      siteTitleEn: "Harbour Rent-a-Car",
      supportedLanguages: "jp,en,tw",
      publicStatus: 2,
      webReserveAccepting: false,
      triangleCarNumber: 3,
      noReserveCarCalendarMark: "満",
      defaultRentalPeriodSlug: "03",
      embedOrigins: ["https://www.example.com", "http://localhost:*"],
      gaTrackingCode: "G-HARBOUR1",
    });
    expect(entry?.before).toMatchObject({
      supportedLanguages: "jp,en",
      publicStatus: 1,
      webReserveAccepting: true,
      embedOrigins: [],
      gaTrackingCode: null,
    });
  });

  it("records nothing when nothing changed", async () => {
    const before = await lastAudit("site.settings.update");
    await updateSiteSettings(handle.forSite(siteId), siteId, owner, await settingsInput(siteId));
    expect((await lastAudit("site.settings.update"))?.id).toBe(before?.id);
  });

  it("clears the analytics ids", async () => {
    await updateSiteSettings(
      handle.forSite(siteId),
      siteId,
      owner,
      await settingsInput(siteId, { ga_tracking_code: "" }),
    );
    const [tracking] = await handle
      .forSite(siteId)
      .select()
      .from(siteTrackings)
      .where(eq(siteTrackings.siteId, siteId));
    expect(tracking?.gaTrackingCode).toBeNull();
    expect((await lastAudit("site.settings.update"))?.after).toEqual({ gaTrackingCode: null });
  });

  it("lets every role read, and refuses a change to store staff and read-only accounts", async () => {
    for (const role of ["owner", "manager", "store_staff", "read_only"] as const) {
      expect((await getSiteSettings(handle.forSite(siteId), siteId, actor(role, [1]))).siteTitle).toBe("港レンタカー");
    }
    const input = await settingsInput(siteId, { site_title: "乗っ取り" });
    for (const role of ["store_staff", "read_only"] as const) {
      const error = await refusal(updateSiteSettings(handle.forSite(siteId), siteId, actor(role, [1]), input));
      expect(error.code).toBe("forbidden");
      expect(error.status).toBe(403);
    }
    expect((await settingsRow()).siteTitle).toBe("港レンタカー");
  });

  it("changes only its own site", async () => {
    const other = await settingsRow(otherSiteId);
    await updateSiteSettings(
      handle.forSite(siteId),
      siteId,
      owner,
      await settingsInput(siteId, { site_title: "港レンタカー本店" }),
    );
    expect(await settingsRow(otherSiteId)).toEqual(other);
    expect((await getSiteSettings(handle.forSite(otherSiteId), otherSiteId, owner)).gaTrackingCode).toBe("G-OTHER");
    expect(await lastAudit("site.settings.update", otherSiteId)).toBeUndefined();
  });

  it("answers 404 for a site that does not exist", async () => {
    const error = await refusal(getSiteSettings(handle.forSite("no-such-site"), "no-such-site", owner));
    expect(error.status).toBe(404);
  });
});

describe("settings form rules", () => {
  const codeOf = async (changes: Record<string, string | string[]>, field: string) => {
    const { values, lists } = siteSettingsFormValues(await getSiteSettings(handle.forSite(siteId), siteId, owner));
    const parsed = SiteSettingsSchema.safeParse({ ...values, ...lists, ...changes });
    return parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field)?.message;
  };

  it("refuses what the public site could not use, at the field", async () => {
    expect(await codeOf({ site_title: "" }, "site_title")).toBe("required");
    expect(await codeOf({ embed_origins: "https://ok.example.com\nwww.example.com/path" }, "embed_origins")).toBe(
      "embed_origin_invalid",
    );
    expect(await codeOf({ embed_origins: "javascript:alert(1)" }, "embed_origins")).toBe("embed_origin_invalid");
    expect(await codeOf({ ga_tracking_code: "G-1');alert(1);//" }, "ga_tracking_code")).toBe("tracking_id_invalid");
    expect(await codeOf({ gtm_container_id: "GTM <script>" }, "gtm_container_id")).toBe("tracking_id_invalid");
    expect(
      await codeOf({ default_start_day: "1", default_end_day: "1", default_end_time: "10:00" }, "default_end_time"),
    ).toBe("default_period_order");
    expect(await codeOf({ default_rental_period_slug: "11" }, "default_rental_period_slug")).toBe("invalid_choice");
    expect(await codeOf({ public_status: "3" }, "public_status")).toBe("invalid_choice");
    expect(await codeOf({ max_advance_days: "0" }, "max_advance_days")).toBe("number_range");
    expect(await codeOf({ triangle_car_number: "x" }, "triangle_car_number")).toBe("number_invalid");
    expect(await codeOf({ no_reserve_car_calendar_mark: "満車です" }, "no_reserve_car_calendar_mark")).toBe(
      "text_too_long",
    );
    expect(await codeOf({ default_start_time: "25:00" }, "default_start_time")).toBe("time_invalid");
  });

  it("keeps Japanese whatever is sent and drops languages it does not know", async () => {
    const input = await settingsInput(siteId, { languages: ["jp", "fr", "kr"] });
    expect(input.languages).toEqual(["kr"]);
  });
});

describe("theme", () => {
  const themeInput = (changes: Record<string, unknown>) => {
    // The colours the first test saves, so later changes touch only what they name.
    const parsed = ThemeSchema.safeParse({ site_color: "#1e3a5f", font_color: "#ffffff", ...changes });
    if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
    return parsed.data;
  };
  const stored = async (p: string | null | undefined) => {
    const parsed = p ? parseMediaPath(p) : null;
    return parsed ? media.get(parsed.key) : null;
  };

  it("stores rgb() as hex with a font colour, and audits before and after", async () => {
    await updateTheme(
      handle.forSite(siteId),
      media,
      siteId,
      manager,
      themeInput({ site_color: "rgb(30, 58, 95)", font_color: "#FFF" }),
    );
    expect(await settingsRow()).toMatchObject({ siteColor: "#1e3a5f", fontColor: "#ffffff" });
    const entry = await lastAudit("site.theme.update");
    expect(entry?.before).toEqual({ siteColor: "#ee6e25", fontColor: null });
    expect(entry?.after).toEqual({ siteColor: "#1e3a5f", fontColor: "#ffffff" });
  });

  it("refuses colours it cannot read", () => {
    const parsed = ThemeSchema.safeParse({ site_color: "orange", font_color: "rgb(300,0,0)" });
    expect(parsed.success).toBe(false);
    const codes = parsed.success ? [] : parsed.error.issues.map((i) => [i.path[0], i.message]);
    expect(codes).toEqual([
      ["site_color", "color_invalid"],
      ["font_color", "color_invalid"],
    ]);
    expect(ThemeSchema.safeParse({ site_color: "" }).success).toBe(false);
  });

  it("fits a logo inside 800×300 keeping transparency, replaces it and deletes the old file after the change", async () => {
    const big = await png(1600, 400, 0.5);
    await updateTheme(
      handle.forSite(siteId),
      media,
      siteId,
      owner,
      themeInput({ logo: file(big, "logo.png", "image/png") }),
    );
    const first = (await getTheme(handle.forSite(siteId), siteId, owner)).logo;
    expect(first).toMatchObject({ width: 800, height: 200 });
    expect(first?.imgPath).toMatch(/^\/media\/[a-f0-9]{32}\.webp$/);
    const bytes = await stored(first?.imgPath);
    expect(bytes).not.toBeNull();
    const meta = await sharp(bytes as Uint8Array).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 800, height: 200, hasAlpha: true });
    expect((await lastAudit("site.theme.update"))?.after).toEqual({ logo: first });

    const small = await png(200, 60);
    await updateTheme(
      handle.forSite(siteId),
      media,
      siteId,
      owner,
      themeInput({ logo: file(small, "small.png", "image/png") }),
    );
    const second = (await getTheme(handle.forSite(siteId), siteId, owner)).logo;
    expect(second).toMatchObject({ width: 200, height: 60 });
    expect(await stored(first?.imgPath)).toBeNull();
    expect(await stored(second?.imgPath)).not.toBeNull();
    expect((await lastAudit("site.theme.update"))?.before).toEqual({ logo: first });
  });

  it("crops a favicon square to 32×32 PNG, and removes logo and favicon with their files", async () => {
    await updateTheme(
      handle.forSite(siteId),
      media,
      siteId,
      owner,
      themeInput({ favicon: file(await png(300, 200), "icon.png", "image/png") }),
    );
    const theme = await getTheme(handle.forSite(siteId), siteId, owner);
    expect(theme.faviconPath).toMatch(/^\/media\/[a-f0-9]{32}\.png$/);
    const meta = await sharp((await stored(theme.faviconPath)) as Uint8Array).metadata();
    expect(meta).toMatchObject({ format: "png", width: 32, height: 32 });

    await updateTheme(
      handle.forSite(siteId),
      media,
      siteId,
      owner,
      themeInput({ remove_logo: "1", remove_favicon: "1" }),
    );
    const after = await getTheme(handle.forSite(siteId), siteId, owner);
    expect(after).toMatchObject({ logo: null, faviconPath: null });
    expect(await handle.forSite(siteId).select().from(siteLogos).where(eq(siteLogos.siteId, siteId))).toEqual([]);
    expect(await stored(theme.logo?.imgPath)).toBeNull();
    expect(await stored(theme.faviconPath)).toBeNull();
    expect((await lastAudit("site.theme.update"))?.after).toEqual({ logo: null, faviconPath: null });
  });

  it("refuses an SVG logo (with a script) and a file that only looks like a picture, storing nothing", async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    // The browser declares it an image; the schema in the browser refuses it by type.
    const declared = ThemeSchema.safeParse({ site_color: "#ee6e25", logo: file(svg, "logo.svg", "image/svg+xml") });
    expect(declared.success ? null : declared.error.issues[0]?.message).toBe("media_type");
    // The server sniffs the bytes: an SVG named .png is not a PNG.
    const sniffed = ThemeSchema.safeParse({
      site_color: "#ee6e25",
      logo: file(svg, "logo.png", "application/octet-stream"),
    });
    expect(sniffed.success ? null : sniffed.error.issues[0]?.message).toBe("media_type");
    // PNG's signature then garbage: sniffed as PNG, refused when decoded.
    const forged = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const error = await refusal(
      updateTheme(
        handle.forSite(siteId),
        media,
        siteId,
        owner,
        themeInput({ logo: file(forged, "x.png", "image/png") }),
      ),
    );
    expect(error.status).toBe(422);
    expect(error.details.fieldErrors?.logo?.code).toBe("media_type");
    expect((await getTheme(handle.forSite(siteId), siteId, owner)).logo).toBeNull();
  });

  it("refuses a picture over 5 MB before it is read", () => {
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    const parsed = ThemeSchema.safeParse({ site_color: "#ee6e25", favicon: huge });
    expect(parsed.success ? null : parsed.error.issues[0]).toMatchObject({
      path: ["favicon"],
      message: "media_too_large",
    });
  });

  it("refuses store staff and read-only accounts, before storing any picture", async () => {
    const logo = file(await png(100, 40), "logo.png", "image/png");
    for (const role of ["store_staff", "read_only"] as const) {
      const error = await refusal(
        updateTheme(handle.forSite(siteId), media, siteId, actor(role, [1]), themeInput({ logo })),
      );
      expect(error.status).toBe(403);
    }
    expect((await getTheme(handle.forSite(siteId), siteId, owner)).logo).toBeNull();
  });

  it("changes only its own site", async () => {
    const other = await getTheme(handle.forSite(otherSiteId), otherSiteId, owner);
    await updateTheme(handle.forSite(siteId), media, siteId, owner, themeInput({ site_color: "#123456" }));
    expect(await getTheme(handle.forSite(otherSiteId), otherSiteId, owner)).toEqual(other);
    expect(await lastAudit("site.theme.update", otherSiteId)).toBeUndefined();
  });
});

describe("the receipts' issuer (issue 37)", () => {
  const codeOf = async (changes: Record<string, string>) => {
    const { values, lists } = siteSettingsFormValues(await getSiteSettings(handle.forSite(siteId), siteId, owner));
    const parsed = SiteSettingsSchema.safeParse({ ...values, ...lists, ...changes });
    return parsed.success
      ? undefined
      : parsed.error.issues.find((i) => i.path[0] === "invoice_registration_number")?.message;
  };

  it("refuses a registration number that is not T and 13 digits, or whose check digit does not match", async () => {
    expect(await codeOf({ invoice_registration_number: "7000012050002" })).toBe("registration_number_format");
    expect(await codeOf({ invoice_registration_number: "T70000120500" })).toBe("registration_number_format");
    expect(await codeOf({ invoice_registration_number: "T6000012050002" })).toBe("registration_number_check");
    expect(await codeOf({ invoice_registration_number: "" })).toBeUndefined();
  });

  it("stores the issuer's name and the number as typed in full width with hyphens, normalised, and clears it", async () => {
    const db = handle.forSite(siteId);
    await updateSiteSettings(
      db,
      siteId,
      owner,
      await settingsInput(siteId, {
        invoice_issuer_name: "株式会社テスト",
        invoice_registration_number: "Ｔ７０００－０１２０－５０００２",
      }),
    );
    expect(await settingsRow()).toMatchObject({
      invoiceIssuerName: "株式会社テスト",
      invoiceRegistrationNumber: "T7000012050002",
    });
    const { values } = siteSettingsFormValues(await getSiteSettings(db, siteId, owner));
    expect(values.invoice_registration_number).toBe("T7000012050002");
    await updateSiteSettings(db, siteId, owner, await settingsInput(siteId, { invoice_registration_number: "" }));
    expect((await settingsRow()).invoiceRegistrationNumber).toBeNull();
  });
});
