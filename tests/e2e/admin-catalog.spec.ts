import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { DEMO_PASSWORD } from "./account-helpers";
import { adminLogin, field, fieldError, STAFF, setAdminLanguage } from "./admin-helpers";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Car classes, car types with photos, vehicles and the capacity guard (issue 23), on e2e-catalog
 * (tests/e2e/setup-data.ts: published, one store, a priced class "コンパクト", and a car type whose
 * one car a booking in a few days needs).
 */
const SITE = "e2e-catalog";
const admin = (path: string) => `/admin/${SITE}${path}`;

/** A small photo made for the test (no binary in the repository). */
const photo = async () =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: "#2a7ab8" } })
    .png()
    .toBuffer();

test.describe("car classes, car types and vehicles", () => {
  // Each test walks several screens, with an accessibility check on each.
  test.describe.configure({ timeout: 60_000 });

  test("on a phone in Japanese: a car type with a photo and two cars, shown with the photo on the public site", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await adminLogin(page, STAFF.owner(SITE), "ja");

    await page.goto(admin("/car-types/new"));
    await page.locator('[name="class_id"]').selectOption({ label: "コンパクト" });
    await field(page, "type_name").fill("アクア 写真付き");
    await field(page, "type_name_en").fill("Aqua with a photo");
    await field(page, "model_names").fill("トヨタ アクア");
    await field(page, "displacement_cc").fill("1500");
    await page.locator('[name="fuel"]').selectOption({ label: "ハイオク" });
    await page
      .getByTestId("photo-input")
      .setInputFiles({ name: "aqua.png", mimeType: "image/png", buffer: await photo() });
    await page.getByTestId("save").click();
    await expect(page.getByTestId("flash")).toContainText("登録しました");
    const carTypeId = /\/car-types\/(\d+)$/.exec(page.url())?.[1];
    expect(carTypeId).toBeTruthy();
    const saved = page.getByTestId("photo").locator("img");
    await expect(saved).toHaveAttribute("src", /^\/media\/[a-f0-9]{32}\.webp$/);
    await expect(page.locator('[name="fuel"]')).toHaveValue("2");
    await expectAccessible(page);

    await page.goto(admin("/vehicles/new"));
    // The site's one store is chosen already.
    const storeId = await page.locator('[name="store_id"]').inputValue();
    expect(storeId).not.toBe("");
    for (const plate of ["沖縄 500 わ 11-11", "沖縄 500 わ 22-22"]) {
      await page.goto(admin("/vehicles/new"));
      await page.locator('[name="car_type_id"]').selectOption({ label: "アクア 写真付き（コンパクト）" });
      await field(page, "registration_number").fill(plate);
      await field(page, "color").fill("白");
      await page.getByTestId("save").click();
      await expect(page.getByTestId("flash")).toContainText("登録しました");
    }
    await expectAccessible(page);
    await page.goto(admin(`/vehicles?type=${carTypeId}`));
    await expect(page.getByTestId("vehicle-count")).toHaveText("2台");
    await expectAccessible(page);

    // The public site shows the car type with its photo, served from the media store.
    await page.goto(`/${SITE}/reserve?si=${storeId}&date_undecided=1`);
    const card = page.locator(`[data-testid=car-card][data-car-type-id="${carTypeId}"]`);
    await expect(card.getByTestId("car-name")).toHaveText("アクア 写真付き");
    const cover = card.locator("img");
    const src = (await cover.getAttribute("src")) ?? "";
    expect(src).toMatch(/^\/media\/[a-f0-9]{32}\.webp$/);
    await expect(cover).toHaveAttribute("srcset", new RegExp(`^/media/[a-f0-9]{32}\\.webp 320w, ${src} 1280w$`));
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/webp");
    const size = await sharp(await served.body()).metadata();
    // Never enlarged: the 640×400 photo stays its size, cropped to 8:5.
    expect([size.width, size.height]).toEqual([640, 400]);
    await page.goto(`/${SITE}/reserve/stores/${storeId}/cars/${carTypeId}`);
    await expect(page.getByTestId("car-photos").locator("img")).toHaveAttribute("src", src);
  });

  test("on a phone in Japanese: a class added, and a car a booking needs kept in service with a clear refusal", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await adminLogin(page, STAFF.owner(SITE), "ja");

    await page.goto(admin("/classes"));
    await expect(page.getByTestId("page-title")).toHaveText("車両クラス");
    await page.getByTestId("new-class").click();
    await field(page, "class_name").fill("ワゴン");
    await field(page, "class_name_en").fill("Wagon");
    await field(page, "display_order").fill("２");
    await expectAccessible(page);
    await page.getByTestId("save").click();
    await expect(page.getByTestId("flash")).toContainText("登録しました");
    await page.getByTestId("back-link").click();
    await expect(page.getByTestId("classes-table").getByTestId("row")).toHaveCount(2);
    await expectAccessible(page);

    // The seeded car a booking needs: taking it to the workshop is refused with when and how many.
    await page.goto(admin("/vehicles"));
    await page.locator('[name="type"]').selectOption({ label: "予約済みの車（コンパクト）" });
    await page.getByTestId("filter-apply").click();
    await expect(page).toHaveURL(/[?&]type=\d+/);
    // The list may still show every car for a moment (other tests add some): the booked car by name.
    await page
      .getByTestId("vehicles-table")
      .getByRole("link", { name: `${SITE}-0-booked-1` })
      .click();
    await page.getByLabel("整備中").check();
    await page.getByTestId("save").click();
    const summary = page.getByTestId("error-summary");
    await expect(summary).toContainText("この変更をすると、予約済みの台数に対して車両が足りなくなります");
    await expect(summary).toContainText(
      /\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}〜\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}に1台の予約があり、変更後に使える車両は0台です/,
    );
    await expect(summary).toBeFocused();
    await expect(page.getByLabel("整備中")).toBeChecked();
    await expectAccessible(page);
    await page.reload();
    await expect(page.getByLabel("稼働中")).toBeChecked();
  });

  test("on a desktop in English: a registration number taken, a 20 MB photo and an SVG are refused by their fields, keeping what was typed", async ({
    page,
    browser,
  }, testInfo) => {
    await adminLogin(page, STAFF.owner(SITE), "en");
    await page.goto(admin("/vehicles/new"));
    await page.locator('[name="car_type_id"]').selectOption({ label: "予約済みの車（コンパクト）" });
    await field(page, "registration_number").fill(`${SITE}-0-booked-1`);
    await field(page, "color").fill("Silver");
    await page.getByTestId("save").click();
    await expect(fieldError(page, "registration_number")).toHaveText(
      "A vehicle with this registration number already exists.",
    );
    await expect(field(page, "color")).toHaveValue("Silver");
    await expectAccessible(page);

    await page.goto(admin("/car-types/new"));
    await page.locator('[name="class_id"]').selectOption({ label: "Compact" });
    await field(page, "type_name").fill("Test car");
    await field(page, "notes_en").fill("Typed before the photo.");
    // A file on disk: the browser reads it itself (a 20 MB buffer sent over the protocol is slow).
    const big = path.join(testInfo.outputDir, "big.jpg");
    await mkdir(testInfo.outputDir, { recursive: true });
    await writeFile(big, Buffer.alloc(20 * 1024 * 1024, 0xff));
    // With JavaScript, the browser refuses the size as soon as the file is chosen.
    await page.getByTestId("photo-input").setInputFiles(big);
    await expect(fieldError(page, "photos")).toHaveText("Each image must be 10 MB or less.");
    // An SVG with a script, named and declared as a PNG, passes the browser and is refused by its bytes.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    await page
      .getByTestId("photo-input")
      .setInputFiles({ name: "car.png", mimeType: "image/png", buffer: Buffer.from(svg) });
    await expect(fieldError(page, "photos")).toHaveCount(0);
    await page.getByTestId("save").click();
    await expect(fieldError(page, "photos")).toHaveText("Please choose a JPEG, PNG or WebP image.");
    await expect(page.getByTestId("photos-choose-again")).toBeVisible();
    await expect(field(page, "type_name")).toHaveValue("Test car");
    await expect(field(page, "notes_en")).toHaveValue("Typed before the photo.");
    await expectAccessible(page);

    // Without JavaScript, the server stops reading at 10 MB and sends the form back filled.
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: new URL(page.url()).origin });
    const plain = await context.newPage();
    await setAdminLanguage(plain, "en");
    await plain.goto(admin("/login"));
    await plain.locator('[name="email"]').fill(STAFF.owner(SITE).email);
    await plain.locator('[name="password"]').fill(DEMO_PASSWORD);
    await plain.getByTestId("login-submit").click();
    await plain.goto(admin("/car-types/new"));
    await plain.locator('[name="class_id"]').selectOption({ label: "Compact" });
    await plain.locator('[name="type_name"]').fill("Big photo car");
    await plain.getByTestId("photo-input").setInputFiles(big);
    const [answer] = await Promise.all([
      plain.waitForResponse((r) => r.request().method() === "POST"),
      plain.getByTestId("save").click(),
    ]);
    expect(answer.status()).toBe(413);
    await expect(fieldError(plain, "photos")).toHaveText("Each image must be 10 MB or less.");
    await expect(plain.locator('[name="type_name"]')).toHaveValue("Big photo car");
    await expect(plain.locator('[name="class_id"]')).not.toHaveValue("");
    await context.close();
  });

  test("store staff may read the catalogue but not change it; bad ids and queries are no 500", async ({ page }) => {
    await adminLogin(page, STAFF.sakuraStoreStaff, "en");
    await page.goto("/admin/sakura/car-types");
    await page.getByTestId("car-types-table").getByRole("link").first().click();
    await expect(page.locator('[name="type_name"]')).not.toHaveValue("");
    await expect(page.getByTestId("save")).toHaveCount(0);
    await expect(page.getByTestId("delete")).toHaveCount(0);
    const csrf = (await page.context().cookies()).find((c) => c.name === "csrf")?.value ?? "";
    const post = await page.request.post("/admin/sakura/classes/1", {
      form: { _csrf: csrf, class_name: "乗っ取り", display_order: "1" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(post.status()).toBe(403);
    expect((await page.goto("/admin/sakura/vehicles?store=abc&type=%00&page=-1"))?.status()).toBe(200);
    expect((await page.goto("/admin/sakura/vehicles/999999"))?.status()).toBe(404);
    await expectAccessible(page);
  });
});
