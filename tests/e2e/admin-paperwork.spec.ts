import { readFile } from "node:fs/promises";
import type { APIResponse, Locator, Page } from "@playwright/test";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { type AdminLang, adminLogin, STAFF } from "./admin-helpers";
import { E2E_PAPERWORK, E2E_SEARCH } from "./admin-sites";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Issue 41 item 5 on e2e-paperwork (tests/e2e/setup-data.ts): a booking that left Naha today on
 * 沖縄 500 わ 20-01 and one at Ishigaki. Staff download the rental certificate (貸渡証) and check sheet
 * from the booking's page and the store's rental record (貸渡簿) from takings; each is a PDF whose
 * text (read back with pdfjs, as a reader would) holds the booking's number, its plate and its
 * driver's licence. Ishigaki's clerk is refused Naha's papers, another site's back office and
 * booking are refused, and a read-only account may print, as the server's `view` right allows.
 */

const { siteId, naha, ishigaki, plate, company, driverLicence } = E2E_PAPERWORK;
const squash = (s: string) => s.replace(/\s+/g, "");
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

/** The text of every page of a PDF, spaces dropped, and its page count. */
async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const doc = await getDocument({ data: bytes.slice(), useSystemFonts: false, isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) if ("str" in item) parts.push(item.str);
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { text: squash(parts.join("")), pages };
}

/** A PDF fetched with the page's session: its type, its first bytes, and its text. */
async function fetchPdf(page: Page, url: string): Promise<string> {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  const bytes = new Uint8Array(await response.body());
  expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  const { text, pages } = await pdfText(bytes);
  expect(pages).toBeGreaterThanOrEqual(1);
  return text;
}

/** Clicks a download link and reads the file the browser saved. */
async function download(page: Page, link: Locator, name: RegExp): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(file.suggestedFilename()).toMatch(name);
  const bytes = new Uint8Array(await readFile((await file.path()) as string));
  expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  return (await pdfText(bytes)).text;
}

const TITLE = {
  ja: { certificate: "貸渡証", record: "貸渡簿" },
  en: { certificate: "Rentalcertificate", record: "Rentalrecord" },
};

for (const [lang, viewport] of [
  ["ja", DESKTOP],
  ["en", PHONE],
] as [AdminLang, typeof PHONE][]) {
  test(`a booking's certificate and check sheet, and the store's rental record from takings, are PDFs holding its number and plate (${lang}, ${viewport.width}px)`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await adminLogin(page, STAFF.owner(siteId), lang);
    await page.goto(`/admin/${siteId}/reservations/${naha}`);
    const paperwork = page.getByTestId("paperwork");
    // The papers are one tap from the top, through the page's section links.
    await page.getByTestId("section-nav").locator('a[href="#paperwork"]').click();
    await expect(paperwork).toBeInViewport();
    await expectAccessible(page);

    const certificate = await download(
      page,
      paperwork.getByTestId("certificate-pdf"),
      new RegExp(`^certificate-${naha}\\.pdf$`),
    );
    expect(certificate).toContain(TITLE[lang].certificate);
    for (const fact of [naha, plate, company, driverLicence]) expect(certificate).toContain(squash(fact));
    const sheet = await download(
      page,
      paperwork.getByTestId("check-sheet-pdf"),
      new RegExp(`^check-sheet-${naha}\\.pdf$`),
    );
    expect(sheet).toContain(naha);
    expect(sheet).toContain(squash(plate));
    // The same file straight from its address: a PDF, private.
    const response = await page.request.get(
      (await paperwork.getByTestId("certificate-pdf").getAttribute("href")) as string,
    );
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["cache-control"]).toBe("private, no-store");

    // Takings: today's rental record of Naha lists the car handed over today; Ishigaki's has none.
    await page.goto(`/admin/${siteId}/takings`);
    const stores = page.getByTestId("store-takings");
    await expect(stores).toHaveCount(2);
    const record = await download(
      page,
      stores.nth(0).getByTestId("rental-record-day"),
      /^rental-record-\d+-\d{4}-\d{2}-\d{2}\.pdf$/,
    );
    expect(record).toContain(TITLE[lang].record);
    expect(record).toContain(naha);
    expect(record).toContain(squash(plate));
    const month = await download(
      page,
      stores.nth(0).getByTestId("rental-record-month"),
      /^rental-record-\d+-\d{4}-\d{2}\.pdf$/,
    );
    expect(month).toContain(naha);
    const other = await download(page, stores.nth(1).getByTestId("rental-record-day"), /\.pdf$/);
    expect(other).not.toContain(naha);
    expect(other).not.toContain(ishigaki);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
}

/** The status of a request made with the page's session, redirects not followed. */
const statusOf = async (page: Page, url: string): Promise<APIResponse> => page.request.get(url, { maxRedirects: 0 });

test("Ishigaki's clerk prints Ishigaki's papers but is refused Naha's; another site's back office and booking are refused", async ({
  page,
  browser,
}) => {
  const base = `/admin/${siteId}`;
  // Naha's rental record as the owner's takings page links it (store ids are the database's).
  const ownerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const ownerPage = await ownerContext.newPage();
  await adminLogin(ownerPage, STAFF.owner(siteId), "ja");
  await ownerPage.goto(`${base}/takings`);
  const nahaRecord = (await ownerPage
    .getByTestId("store-takings")
    .nth(0)
    .getByTestId("rental-record-day")
    .getAttribute("href")) as string;
  await ownerContext.close();

  await adminLogin(page, { siteId, email: E2E_PAPERWORK.clerk }, "ja");
  // Their own store's booking: the papers are there.
  await page.goto(`${base}/reservations/${ishigaki}`);
  await expect(page.getByTestId("certificate-pdf")).toBeVisible();
  expect(await fetchPdf(page, `${base}/reservations/${ishigaki}/certificate.pdf`)).toContain(ishigaki);
  await page.goto(`${base}/takings`);
  await expect(page.getByTestId("store-takings")).toHaveCount(1);
  // Naha's booking, its papers and Naha's rental record: not found for them, and no PDF.
  expect((await page.goto(`${base}/reservations/${naha}`))?.status()).toBe(404);
  for (const path of [
    `${base}/reservations/${naha}/certificate.pdf`,
    `${base}/reservations/${naha}/check-sheet.pdf`,
    nahaRecord,
  ]) {
    const response = await statusOf(page, path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()["content-type"]).not.toBe("application/pdf");
  }

  // Another site: its back office sends the clerk to its login, and its booking is not found here.
  const elsewhere = await statusOf(
    page,
    `/admin/${E2E_SEARCH.siteId}/reservations/${E2E_SEARCH.hanako}/certificate.pdf`,
  );
  expect(elsewhere.status()).toBe(302);
  expect(elsewhere.headers().location).toContain(`/admin/${E2E_SEARCH.siteId}/login`);
  const foreign = await statusOf(page, `${base}/reservations/${E2E_SEARCH.hanako}/certificate.pdf`);
  expect(foreign.status()).toBe(404);
});

test("a read-only account prints a booking's papers and the rental record, and is offered no counter action", async ({
  page,
}) => {
  await adminLogin(page, { siteId, email: E2E_PAPERWORK.reader }, "ja");
  const base = `/admin/${siteId}`;
  await page.goto(`${base}/reservations/${naha}`);
  await expect(page.getByTestId("certificate-pdf")).toBeVisible();
  // Viewing is all the role may do: no return form on the booking that is out.
  await expect(page.getByTestId("action-return")).toHaveCount(0);
  await expect(page.getByTestId("summary-actions")).toContainText("担当店舗のスタッフが行います");
  const certificate = await fetchPdf(page, `${base}/reservations/${naha}/certificate.pdf`);
  expect(certificate).toContain(naha);
  expect(certificate).toContain(squash(plate));
  expect(await fetchPdf(page, `${base}/reservations/${naha}/check-sheet.pdf`)).toContain(naha);
  expect(await fetchPdf(page, `${base}/rental-record.pdf`)).toContain(naha);
  await expectAccessible(page);
});
