import sharp from "sharp";
import { adminLogin, field, fieldError, STAFF } from "./admin-helpers";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Site settings and design (issue 23) on the blank site e2e-settings: an owner renames and
 * publishes the site, picks a theme colour with the header preview and its contrast warning,
 * uploads a logo, and sees it all on the public top page; then suspends web bookings and sees the
 * public search say so, and has an SVG logo and a bad embed origin refused at their fields.
 * The tests change one site in turn, so they run in order.
 */
const SITE = "e2e-settings";
test.describe.configure({ mode: "serial" });

test.describe("site settings and design", () => {
  test("in Japanese on a phone: the site is renamed and published", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await adminLogin(page, STAFF.owner(SITE), "ja");
    await page.goto(`/admin/${SITE}/settings`);
    await expect(page.getByTestId("page-title")).toHaveText("サイト設定");
    await expectAccessible(page);
    await field(page, "site_title").fill("みなとレンタカー");
    await page.locator('[name="public_status"][value="1"]').check();
    await page.getByTestId("save").click();
    await expect(page.getByTestId("flash")).toHaveText(/保存しました/);
    await expect(field(page, "site_title")).toHaveValue("みなとレンタカー");
  });

  test("in Japanese on a phone: a theme colour with its preview and contrast warning, and a logo", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await adminLogin(page, STAFF.owner(SITE), "ja");
    await page.goto(`/admin/${SITE}/theme`);
    await expect(page.getByTestId("page-title")).toHaveText("デザイン");
    const preview = page.getByTestId("preview-header");
    await expect(page.getByTestId("preview-title")).toHaveText("みなとレンタカー");
    // A pale colour with white text: the preview shows it, and warns that it is hard to read.
    await field(page, "site_color").fill("#fde68a");
    await field(page, "font_color").fill("#ffffff");
    await expect(page.getByTestId("contrast-warning")).toContainText("4.5:1");
    await expect(preview).toHaveCSS("color", "rgb(255, 255, 255)");
    await expectAccessible(page);
    // Without a font colour the spec's luminance rule picks black on it; on navy it picks white.
    await field(page, "font_color").fill("");
    await expect(page.getByTestId("preview-font-color")).toHaveText("#000000");
    await expect(page.getByTestId("contrast-warning")).toHaveCount(0);
    await field(page, "site_color").fill("rgb(30, 58, 95)");
    await expect(preview).toHaveCSS("background-color", "rgb(30, 58, 95)");
    await expect(page.getByTestId("preview-font-color")).toHaveText("#ffffff");

    const logo = await sharp({
      create: { width: 600, height: 150, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0 } },
    })
      .composite([
        {
          input: { create: { width: 400, height: 100, channels: 4, background: { r: 240, g: 200, b: 60, alpha: 1 } } },
          left: 100,
          top: 25,
        },
      ])
      .png()
      .toBuffer();
    await field(page, "logo").setInputFiles({ name: "minato.png", mimeType: "image/png", buffer: logo });
    await page.getByTestId("save").click();
    await expect(page.getByTestId("flash")).toHaveText(/保存しました/);
    await expect(field(page, "site_color")).toHaveValue("#1e3a5f");
    await expect(page.getByTestId("current-logo")).toContainText("600×150");
    await expect(page.getByTestId("preview-logo")).toHaveClass(/logo-resize/);
    await expectAccessible(page);
  });

  test("the public top page shows the new title, colour and logo at once", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/${SITE}`);
    const header = page.getByTestId("site-header");
    await expect(header).toHaveCSS("background-color", "rgb(30, 58, 95)");
    await expect(header).toHaveCSS("color", "rgb(255, 255, 255)");
    const siteLogo = page.getByTestId("site-logo");
    await expect(siteLogo).toHaveAttribute("src", /^\/media\/[a-f0-9]{32}\.webp$/);
    await expect(siteLogo).toHaveAttribute("alt", "みなとレンタカー");
    expect(await siteLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(600);
    await expect(page).toHaveTitle(/みなとレンタカー/);
    await expectAccessible(page);
  });

  test("in English on a desktop: web bookings suspended on the public search; an SVG logo and a bad embed origin refused at their fields", async ({
    page,
  }) => {
    await adminLogin(page, STAFF.owner(SITE), "en");
    await page.goto(`/admin/${SITE}/settings`);
    await page.locator('[name="languages"][value="en"]').check();
    const webBookings = page.getByRole("checkbox", { name: "Accept online bookings" });
    await webBookings.uncheck();
    await field(page, "embed_origins").fill("https://www.minato.example\nwww.minato.example/booking");
    await page.getByTestId("save").click();
    await expect(fieldError(page, "embed_origins")).toHaveText(
      '"www.minato.example/booking" is not a site address. Enter it like https://www.example.com.',
    );
    await expect(field(page, "embed_origins")).toBeFocused();
    await expectAccessible(page);
    await field(page, "embed_origins").fill("https://www.minato.example\nhttps://BOOKING.minato.example/");
    await page.getByTestId("save").click();
    await expect(page.getByTestId("flash")).toHaveText(/Saved\./);
    // Stored as origins: lower case, no trailing slash.
    await expect(field(page, "embed_origins")).toHaveValue(
      "https://www.minato.example\nhttps://booking.minato.example",
    );
    await expect(webBookings).not.toBeChecked();

    await page.goto(`/en/${SITE}/reserve`);
    await expect(page.getByTestId("results-notice")).toHaveText("We are currently suspending online reservations.");
    await expectAccessible(page);

    await page.goto(`/admin/${SITE}/theme`);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await field(page, "logo").setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: svg });
    await page.getByTestId("save").click();
    const refused = "Choose a JPEG, PNG or WebP picture. SVG and other formats are not accepted.";
    await expect(fieldError(page, "logo")).toHaveText(refused);
    await expectAccessible(page);
    // Sent anyway under a picture's name, the server reads the bytes and refuses it at the same field.
    const csrf = (await page.context().cookies()).find((c) => c.name === "csrf")?.value ?? "";
    const response = await page.request.post(`/admin/${SITE}/theme`, {
      multipart: {
        _csrf: csrf,
        site_color: "#1e3a5f",
        intent: "save",
        logo: { name: "logo.png", mimeType: "image/png", buffer: svg },
      },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(response.status()).toBe(422);
    expect(await response.text()).toContain(refused);
    await page.goto(`/${SITE}`);
    await expect(page.getByTestId("site-logo")).toHaveAttribute("src", /\.webp$/);
  });

  test("store staff see the settings read-only and a save sent anyway is refused by the server", async ({ page }) => {
    await adminLogin(page, STAFF.sakuraStoreStaff, "ja");
    await page.goto("/admin/sakura/settings");
    await expect(page.getByTestId("read-only-notice")).toBeVisible();
    await expect(field(page, "site_title")).toBeDisabled();
    await expect(page.getByTestId("save")).toHaveCount(0);
    await expectAccessible(page);
    const csrf = (await page.context().cookies()).find((c) => c.name === "csrf")?.value ?? "";
    const post = await page.request.post("/admin/sakura/settings", {
      form: { _csrf: csrf, site_title: "乗っ取り", public_status: "2" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(post.status()).toBe(403);
  });
});
