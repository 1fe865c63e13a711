import { afterAll, beforeAll, expect, it } from "vitest";
import { optionsPath, SITE, storeAndTypes, tokyoDay, Visitor } from "../../bench/lib/visitor";
import { type BuiltServer, startBuiltServer } from "../../scripts/lib/built-server";

// Decision 036 on the built server (npm test builds before Vitest), with anonymous visitors' pages
// kept for a whole minute: a page can only change within it because a write forgot it, so a
// booking that shows at once on the next visitor's page proves the forgetting, not the clock.
let server: BuiltServer;
let BASE: string;

beforeAll(async () => {
  server = await startBuiltServer({ env: { PAGE_CACHE_MS: "60000" } });
  BASE = server.base;
}, 150_000);

afterAll(() => server?.stop(), 30_000);

/** A visitor with no cookie at all: the kind that gets kept pages. */
async function anonymous(pathname: string) {
  const response = await fetch(BASE + pathname);
  expect(response.status).toBe(200);
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
  const token = /csrf=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1] ?? "";
  return { html: await response.text(), nonce, token };
}

/** The cars left on `date` in the car type page's calendar (its screen-reader text says "残りN台"). */
function carsLeft(html: string, date: string): number {
  const cell = new RegExp(`data-date="${date}"[\\s\\S]*?</td>`).exec(html)?.[0] ?? "";
  const left = /残り(\d+)台/.exec(cell)?.[1];
  if (!left) throw new Error(`no count of cars left on ${date} in the calendar`);
  return Number(left);
}

it("a kept page is the page a render gives, with the visitor's own nonce and CSRF token", async () => {
  const first = await anonymous(`/en/${SITE}`);
  const second = await anonymous(`/en/${SITE}`);
  expect(second.nonce).not.toBe(first.nonce);
  expect(second.token).not.toBe(first.token);
  const normal = (page: { html: string; nonce: string; token: string }) =>
    page.html.replaceAll(page.nonce, "NONCE").replaceAll(page.token, "TOKEN");
  expect(normal(second)).toBe(normal(first));
  expect(second.html).toContain(`nonce="${second.nonce}"`);
  expect(second.html).not.toContain(first.token);
});

it("a booking shows at once on the car type page kept for everyone", async () => {
  const { storeId, typeIds } = await storeAndTypes(BASE);
  const typeId = typeIds[0] as number;
  const booking = optionsPath(storeId, typeId, 30, 1);
  const carPage = booking.replace("/options?", "?");
  const day = tokyoDay(30);

  // The guest gets to the confirmation first: those steps write, and would forget the page anyway.
  const guest = new Visitor(BASE);
  const fields = await guest.prepare(booking, 1);
  const before = carsLeft((await anonymous(carPage)).html, day);
  expect(carsLeft((await anonymous(carPage)).html, day), "kept").toBe(before);

  const submit = await guest.post(`/${SITE}/reserve/confirm`, fields);
  expect(submit.location ?? "").toMatch(/\/reserve\/completed$/);
  expect(carsLeft((await anonymous(carPage)).html, day)).toBe(before - 1);
});
